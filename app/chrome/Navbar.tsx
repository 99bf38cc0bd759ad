import type { SidebarItem } from '../docs/site.server';
import { Brand, PrimaryLinks } from './Brand';
import { ColorModeSwitch } from './ColorModeSwitch';
import { MobileMenu } from './MobileMenu';
import { NavbarItem } from './NavbarItem';
import { SearchBox } from './SearchBox';
import { VersionSelect } from './VersionSelect';

/** The navbar of every page; it stays at the top while the page scrolls. */
export function Navbar({ sidebar, searchIndexUrl }: { sidebar: SidebarItem[]; searchIndexUrl: string }) {
  return (
    <nav className="navbar" aria-label="Main">
      <NavbarItem name="menu">
        <MobileMenu items={sidebar} />
      </NavbarItem>
      <Brand />
      <PrimaryLinks className="nav-item desktop-only" />
      <div className="navbar-right">
        <NavbarItem name="version">
          <VersionSelect />
        </NavbarItem>
        <NavbarItem name="colour mode">
          <ColorModeSwitch />
        </NavbarItem>
        <NavbarItem name="search">
          <SearchBox indexUrl={searchIndexUrl} />
        </NavbarItem>
      </div>
    </nav>
  );
}
