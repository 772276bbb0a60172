import { Link } from "@remix-run/react";

/** The last searches (the user's, or the visitor's from a cookie), each a link to its search page. */
export function RecentSearches({ searches }: { searches: readonly { path: string; label: string }[] }) {
  if (searches.length === 0) return null;
  return (
    <section
      aria-labelledby="recent-searches-heading"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="recent-searches-heading" className="font-semibold text-slate-900">
        Recent searches
      </h2>
      <ul className="mt-2 space-y-1.5 text-sm">
        {searches.map((search) => (
          <li key={search.path}>
            <Link to={search.path} className="text-brand-700 underline hover:text-brand-900">
              {search.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
