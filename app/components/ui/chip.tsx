import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * Chips: small rounded choices. A RemovableChip is a link to the same page without what it shows (a search filter),
 * so removing it works without JavaScript; its accessible name says what the link does.
 */

const CHIP = "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold";

export function Chip({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={[CHIP, "border border-slate-300 bg-white text-slate-800", className]
        .filter(Boolean)
        .join(" ")}
    >
      {children}
    </span>
  );
}

export function RemovableChip({
  to,
  label,
  removeLabel = `Remove ${label}`,
}: {
  /** The same page without this chip's choice. */
  to: string;
  label: string;
  /** The link's accessible name: what removing does ("Remove the filter: Makati"). */
  removeLabel?: string;
}) {
  return (
    <Link
      to={to}
      className={`${CHIP} border border-brand-600 bg-brand-50 text-brand-800 hover:bg-brand-100`}
      aria-label={removeLabel}
    >
      {label}
      <span aria-hidden="true">×</span>
    </Link>
  );
}
