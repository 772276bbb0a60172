import type { ReactNode } from "react";

/** One titled part of a booking's rental agreement; on paper each stays on one page where it can. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6 break-inside-avoid border-t border-slate-200 pt-4 text-slate-800 print:mt-4">
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
