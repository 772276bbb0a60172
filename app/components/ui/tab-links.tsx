import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A page's tabs as a row of pill links (bills, bookings, messages, reviews, a host's listings, the dashboard's
 * durations). The row wraps onto a second line rather than run off a phone: no page is wider than its screen. Each
 * tab is its own URL, so switching works without JavaScript and can be shared; the current one is marked for screen
 * readers too.
 */
export function TabLinks({
  label,
  tabs,
  heading,
  className = "mt-4",
}: {
  /** The navigation's accessible name. */
  label: string;
  tabs: { to: string; label: ReactNode; current: boolean; key: string }[];
  /** A visible line above the tabs. */
  heading?: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      {heading ? <p className="text-sm font-semibold text-slate-600">{heading}</p> : null}
      <ul className={`flex flex-wrap gap-2 ${heading ? "mt-1" : ""}`}>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
