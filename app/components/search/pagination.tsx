import { Link } from "@remix-run/react";
import { pageLinks } from "~/domain/search";

/** Page links that keep every filter: previous, the numbers (with gaps), next. Plain links, so they work without JavaScript. */
export function Pagination({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  /** The link to a page of this search. */
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  const link = "rounded-md px-3 py-2 font-semibold text-brand-700 hover:bg-brand-50";
  return (
    <nav aria-label="Pages of results" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={link}>
              <span aria-hidden="true">‹ </span>Previous
            </Link>
          </li>
        ) : null}
        {pageLinks(page, pages).map((item, i) =>
          item === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${i}`} aria-hidden="true" className="px-2 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span
                  aria-current="page"
                  className="rounded-md bg-brand-600 px-3 py-2 font-semibold text-white"
                >
                  <span className="sr-only">Page </span>
                  {item}
                </span>
              ) : (
                <Link to={href(item)} className={link}>
                  <span className="sr-only">Page </span>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={link}>
              Next<span aria-hidden="true"> ›</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
