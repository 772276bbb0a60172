import type { ReactNode } from "react";
import { Card } from "./card";

/**
 * One entry of a money list — a bill, a payment's receipt, a payout, a month earned (docs/design.md, Money lists):
 * a card at every width, so a phone never squeezes a table. What it is sits on the left, the amount on the right of
 * the first line, in figures of one width so the amounts of a list line up; the details run the card's full width
 * under them, so a long space title never pushes the amount off the screen.
 */
export function MoneyCard({
  title,
  amount,
  children,
  action,
  testId,
  level = 3,
}: {
  /** The card's heading level under the list's own heading. */
  level?: 3 | 4;
  title: ReactNode;
  amount: string;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <Card as="li" className="ring-1 ring-slate-200" data-testid={testId}>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3">
        <Heading className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{title}</Heading>
        <p
          className="whitespace-nowrap text-right text-lg font-bold tabular-nums text-slate-900"
          data-testid="card-amount"
        >
          {amount}
        </p>
      </div>
      {children ? <div className="mt-1 space-y-0.5 text-sm text-slate-700">{children}</div> : null}
      {action ? <p className="mt-3">{action}</p> : null}
    </Card>
  );
}

/**
 * A few sums side by side (docs/design.md, Money lists): two to a row on a phone, four on a wider screen, each a
 * label over its figure. The figures wrap rather than run off a phone's screen.
 */
export function Figures({ items }: { items: { label: string; value: string; testId?: string }[] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="min-w-0 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
          <dt className="text-xs font-semibold text-slate-600">{item.label}</dt>
          <dd
            className="mt-1 text-lg font-bold tabular-nums text-slate-900 [overflow-wrap:anywhere]"
            data-testid={item.testId}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
