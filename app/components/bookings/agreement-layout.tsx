import type { ReactNode } from "react";

/**
 * One titled part of a booking's rental agreement; on paper each stays on one page where it can. A folded part
 * (`fold`) is a `<details>` that opens and closes without JavaScript: below the summary at the top, the phone shows
 * the agreement as a list of titles to open (docs/design.md, The booking page); printing opens them all.
 */
export function Section({
  title,
  fold = false,
  testId,
  children,
}: {
  title: string;
  fold?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  if (fold) {
    return (
      <details
        className="group break-inside-avoid border-t border-slate-200 text-slate-800"
        data-testid={testId}
      >
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 py-3 [&::-webkit-details-marker]:hidden">
          <h2 className="text-lg font-bold text-slate-900">{title}</h2>
          <span
            aria-hidden="true"
            className="text-slate-600 transition-transform group-open:rotate-180 print:hidden"
          >
            ▾
          </span>
        </summary>
        <div className="space-y-2 pb-4">{children}</div>
      </details>
    );
  }
  return (
    <section
      className="mt-6 break-inside-avoid border-t border-slate-200 pt-4 text-slate-800 print:mt-4"
      data-testid={testId}
    >
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <div className="mt-2 space-y-2">{children}</div>
    </section>
  );
}

/** Labelled facts of the agreement, one a line; a null row is a fact this booking does not have. */
export function Facts({ rows }: { rows: ([string, string] | null)[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
      {rows
        .filter((row): row is [string, string] => row !== null)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
