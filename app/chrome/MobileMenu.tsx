import { useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { SidebarItem } from '../docs/site.server';
import { SidebarLinks } from '../docs/Sidebar';
import { Brand, PrimaryLinks } from './Brand';

/** The menu button and the slide-out panel of narrow screens (hidden from 997 px up by CSS). */
export function MobileMenu({ items }: { items: SidebarItem[] }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname, location.hash]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <button type="button" className="icon-button menu-button" aria-label="Open the menu" aria-expanded={open} aria-controls="mobile-menu" onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div className={`mobile-backdrop${open ? ' open' : ''}`} onClick={() => setOpen(false)} aria-hidden="true" />
      <nav id="mobile-menu" className={`mobile-menu${open ? ' open' : ''}`} aria-label="Menu" aria-hidden={!open}>
        <div className="mobile-menu-head">
          <Brand />
          <button type="button" className="icon-button" aria-label="Close the menu" onClick={() => setOpen(false)}>
            ×
          </button>
        </div>
        <PrimaryLinks className="mobile-link" />
        <hr />
        <SidebarLinks items={items} />
      </nav>
    </>
  );
}
