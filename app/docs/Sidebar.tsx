import { NavLink } from '@remix-run/react';
import type { SidebarItem } from './site.server';

/** The tutorial pages in order, under their category headers (categories never collapse). */
export function SidebarLinks({ items }: { items: SidebarItem[] }) {
  let group: string | undefined;
  return (
    <>
      {items.map((item) => {
        const header = item.group && item.group !== group ? <div className="group">{item.group}</div> : null;
        group = item.group;
        return (
          <div key={item.to}>
            {header}
            <NavLink to={item.to} end prefetch="intent">
              {item.title}
            </NavLink>
          </div>
        );
      })}
    </>
  );
}
