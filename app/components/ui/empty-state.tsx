import { ButtonLink } from "./button";

/**
 * What a list says when it has nothing yet (docs/design.md, Empty states): one line of why it is empty and the next
 * action as a button ("No bookings yet" — Find a space). Every list of the app (bookings, bills, messages, saved
 * spaces, listings, reviews, cases, payouts) says it with this one component, so none is a dead end.
 */
export function EmptyState({
  message,
  action,
  testId,
  className = "mt-4",
}: {
  message: string;
  action: { to: string; label: string };
  testId?: string;
  className?: string;
}) {
  return (
    <div
      className={`${className} rounded-xl bg-white p-5 text-center text-slate-700 shadow-sm ring-1 ring-slate-200`}
      data-testid={testId}
    >
      <p>{message}</p>
      <p className="mt-4">
        <ButtonLink to={action.to}>{action.label}</ButtonLink>
      </p>
    </div>
  );
}
