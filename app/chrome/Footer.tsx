import { Link } from '@remix-run/react';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-columns">
        <div>
          <h4>Docs</h4>
          <Link to="/">Tutorial</Link>
          <a href="/api/">API Docs</a>
        </div>
        <div>
          <h4>Platform</h4>
          <a href="https://app.tradetrack.example">Web app</a>
          <a href="https://tradetrack.example">Website</a>
        </div>
      </div>
      <p className="copyright">Copyright © 2025 TradeTrack.</p>
    </footer>
  );
}
