import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import type { KeyFilter } from "~/domain/key-filters";
import { Button } from "./button";

/**
 * Form fields with their label, hint and errors. Errors come from the server (the forms work without
 * JavaScript); each field points at its error with aria-describedby and says aria-invalid.
 */
type Common = { label: string; hint?: ReactNode; className?: string };

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-600";

export function ErrorList({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** The label above a control, and its hint and errors under it (the control's aria-describedby names both). */
function FieldFrame({
  field,
  label,
  hint,
  className,
  children,
}: Common & { field: FieldMetadata<unknown>; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId(field, hint)} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

function hintId(field: FieldMetadata<unknown>, hint: ReactNode): string | undefined {
  return hint ? `${field.id}-hint` : undefined;
}

export function TextField({
  field,
  label,
  hint,
  className,
  type = "text",
  autoComplete,
  inputMode,
  keyFilter,
}: Common & {
  field: FieldMetadata<string | null | undefined>;
  type?: "text" | "email" | "password" | "tel" | "date";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal";
  /**
   * A key-press filter (docs/product.md, Key-press filters; app/components/key-filter.tsx); the server checks the same
   * rule.
   */
  keyFilter?: KeyFilter;
}) {
  const props = getInputProps(field, { type, ariaDescribedBy: hintId(field, hint) });
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className}>
      <input
        {...props}
        autoComplete={autoComplete}
        inputMode={inputMode}
        data-keyfilter={keyFilter}
        className={inputClass}
      />
    </FieldFrame>
  );
}

export function SelectField({
  field,
  label,
  hint,
  className,
  placeholder,
  options,
}: Common & {
  field: FieldMetadata<string | null | undefined>;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className}>
      <select {...getSelectProps(field, { ariaDescribedBy: hintId(field, hint) })} className={inputClass}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({
  field,
  label,
  className,
}: Common & { field: FieldMetadata<string | boolean | null | undefined> }) {
  const { type: _type, ...props } = getInputProps(field, { type: "checkbox" });
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input {...props} type="checkbox" className="mt-1 h-5 w-5 rounded border-slate-400" />
        <label htmlFor={field.id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SubmitButton({ children, pending }: { children: ReactNode; pending?: boolean }) {
  return (
    <Button type="submit" size="lg" fullWidth disabled={pending}>
      {children}
    </Button>
  );
}

/** A multi-line text field with its label, hint and errors (aria-describedby points at both). */
export function TextAreaField({
  field,
  label,
  hint,
  rows = 4,
  maxLength,
}: {
  field: FieldMetadata<string | null | undefined>;
  label: string;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
}) {
  const props = getTextareaProps(field, { ariaDescribedBy: hintId(field, hint) });
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <textarea {...props} rows={rows} maxLength={maxLength} className={inputClass} />
    </FieldFrame>
  );
}
