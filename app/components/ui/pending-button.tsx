import type { ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

/**
 * A form's submit button that shows it is working: while the form is being sent (JavaScript's navigation state, see
 * useIsPending) it says `pendingLabel`, is marked busy and cannot be pressed twice. Without JavaScript `pending` is
 * never true, so it is a plain submit button and the browser shows its own progress.
 */
export function PendingButton({
  pending,
  pendingLabel,
  children,
  variant,
  size,
  fullWidth,
  className,
  name,
  value,
  form,
}: {
  pending: boolean;
  /** What the button says while the form is sent ("Saving…", "Sending…"). */
  pendingLabel: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
  /** The button's own field (e.g. intent), sent only when this button submits. */
  name?: string;
  value?: string;
  form?: string;
}) {
  return (
    <Button
      type="submit"
      variant={variant}
      size={size}
      fullWidth={fullWidth}
      className={className}
      name={name}
      value={value}
      form={form}
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending ? (
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
          />
          {pendingLabel}
        </span>
      ) : (
        children
      )}
    </Button>
  );
}
