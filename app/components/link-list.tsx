import type { NavLink } from "~/content/navigation";

/** A plain list of in-text links, e.g. every service beside an article or on the 404 page. */
export function LinkList({ links, className }: { links: readonly NavLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} className="rich-link">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
