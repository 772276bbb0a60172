import { Link } from "@remix-run/react";

/**
 * On phones and tablets the Reserve box sits far down the page, under the photos and details: this bar keeps the
 * monthly price and Reserve in reach, right on the bottom menu (both placed by the menu's one height, `menu` in
 * tailwind.config.ts, so no page text shows between them). A plain link, so it works without JavaScript; the
 * page leaves room for it at the end, so it never covers content. Wide screens have the box beside the details.
 */
export function StickyReserve({
  price,
  to,
  label,
}: {
  price: { label: string; amount: string } | null;
  to: string;
  label: string;
}) {
  return (
    <div
      className="fixed inset-x-0 bottom-menu z-30 border-t border-slate-200 bg-white/95 px-4 py-2.5 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] md:bottom-0 lg:hidden"
      data-testid="sticky-reserve"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        {price ? (
          <p className="min-w-0 text-slate-900">
            <span className="text-lg font-bold">{price.amount}</span>{" "}
            <span className="text-sm text-slate-700">{price.label}</span>
          </p>
        ) : (
          <span />
        )}
        <Link
          to={to}
          className="shrink-0 rounded-md bg-accent px-5 py-2.5 font-semibold text-slate-900 hover:bg-amber-400"
        >
          {label}
        </Link>
      </div>
    </div>
  );
}
