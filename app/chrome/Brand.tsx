import { Link, NavLink } from '@remix-run/react';

/** The site's name, linking home. */
export function Brand() {
  return (
    <Link to="/" className="brand">
      TradeTrack <span>Docs</span>
    </Link>
  );
}

/** The two destinations of the navbar, as the navbar and the phone menu both show them. */
export function PrimaryLinks({ className }: { className: string }) {
  return (
    <>
      <NavLink to="/" end className={className}>
        Tutorial
      </NavLink>
      <a href="/api/" className={className}>
        API Docs
      </a>
    </>
  );
}
