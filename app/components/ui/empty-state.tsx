import { ButtonLink } from "./button";

/**
 * What a list says when it has nothing yet: what is missing and what to do next ("No bookings yet — find a
 * space"), with the one action as a button-styled link.
 */
export function EmptyState({
  message,
  action,
  testId,
  className = "mt-4",
}: {
  message: string;
  action?: { to: string; label: string };
  testId?: string;
  className?: string;
}) {
  return (
    <div className={`${className} rounded-md bg-slate-100 p-4 text-slate-700`} data-testid={testId}>
      <p>{message}</p>
      {action ? (
        <p className="mt-3">
          <ButtonLink to={action.to} size="sm">
            {action.label}
          </ButtonLink>
        </p>
      ) : null}
    </div>
  );
}
