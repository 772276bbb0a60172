import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/** The parts of the console's forms (docs/operations.md): plain forms, so every queue works without JavaScript. */

/** A refusal the action answered, said on the page (the toast says it too). */
export function ActionMessage({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {message}
    </p>
  );
}

/**
 * A queue's filters: a GET form, so a filtered list has its own address and works without JavaScript. The fields
 * come first, the button last.
 */
export function ConsoleFilters({
  submit,
  className = "flex flex-wrap items-end gap-3",
  children,
}: {
  submit: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" className={className}>
      {children}
      <button type="submit" className={buttonClass}>
        {submit}
      </button>
    </Form>
  );
}

/** A console form's field: its words above the input. */
export function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child, so the label names it
    <label className="flex flex-col text-sm font-semibold">
      {label}
      {children}
    </label>
  );
}

/** The note a console action asks for: why the operator does it (its audit row keeps it). */
export function NoteField({ label = "Note" }: { label?: string }) {
  return (
    <Field label={label}>
      <input name="note" required className={inputClass} />
    </Field>
  );
}

export const inputClass = "rounded-md border border-slate-400 px-3 py-2 text-sm";
export const buttonClass = "rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white";
