import { type FieldMetadata, getCollectionProps, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { ErrorList } from "~/components/ui/field";

/**
 * The controls the listing steps need beyond app/components/ui/field.tsx: a group of radio buttons or check boxes
 * under a legend, and a number input with its unit. Each shows its hint and errors and points at them with
 * aria-describedby; errors come from the server, so they work without JavaScript. No zod here: this runs in the
 * browser.
 */

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-600";

/** One choice of a group: its value, its label and an optional line under the label. */
export type Choice = { value: string; label: string; description?: string };

/** Ids joined for aria-describedby, or undefined when there are none. */
function describedBy(...ids: (string | undefined | false)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length ? present.join(" ") : undefined;
}

/**
 * What a group's frame needs of its field: where its hint and errors go. `listErrors: false` leaves the error list
 * to the caller (two groups of one field show it once), still pointing at it.
 */
type GroupField = { id: string; errorId: string; errors?: string[]; listErrors?: boolean };

/** The frame of a group: a fieldset with its legend, hint, the choices and the errors. */
function GroupFrame({
  field,
  legend,
  hint,
  className,
  columns,
  hidden,
  disabled,
  children,
}: {
  field: GroupField;
  legend: string;
  hint?: ReactNode;
  className?: string;
  columns?: 1 | 2 | 3;
  hidden?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const grid = columns === 3 ? "sm:grid-cols-3" : columns === 2 ? "sm:grid-cols-2" : "";
  return (
    <fieldset
      className={className}
      aria-describedby={describedBy(hintId, field.errors?.length ? field.errorId : undefined)}
      hidden={hidden}
      disabled={disabled}
    >
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className={`mt-3 grid grid-cols-1 gap-2 ${grid}`}>{children}</div>
      {field.listErrors === false ? null : <ErrorList id={field.errorId} errors={field.errors} />}
    </fieldset>
  );
}

/**
 * A choice's box: the control, its label (the choice's accessible name, so "Storage" is found as "Storage") and its
 * description under it, which the control points at with aria-describedby.
 */
function ChoiceRow({
  id,
  choice,
  input,
}: {
  id: string;
  choice: Choice;
  input: (describedBy: string | undefined) => ReactNode;
}) {
  const descriptionId = choice.description ? `${id}-description` : undefined;
  return (
    <div className="flex items-start gap-3 rounded-md border border-slate-200 px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      {input(descriptionId)}
      <div className="flex-1 text-sm">
        <label htmlFor={id} className="block cursor-pointer font-medium text-slate-800">
          {choice.label}
        </label>
        {choice.description ? (
          <p id={descriptionId} className="text-slate-600">
            {choice.description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Radio buttons under a legend, one per choice (ids are the field's id and the choice's position, so values with
 * spaces — "24 hours notice" — still make valid ids).
 */
export function RadioGroupField({
  field,
  legend,
  hint,
  choices,
  className,
  columns = 1,
  checked,
  onChange,
}: {
  field: FieldMetadata<string | boolean | null | undefined>;
  legend: string;
  hint?: ReactNode;
  choices: readonly Choice[];
  className?: string;
  columns?: 1 | 2 | 3;
  /** Which value starts checked, when conform cannot tell (a choice whose value is the empty string). */
  checked?: string;
  onChange?: (value: string) => void;
}) {
  const props = getCollectionProps(field, { type: "radio", options: choices.map((choice) => choice.value) });
  return (
    <GroupFrame field={field} legend={legend} hint={hint} className={className} columns={columns}>
      {props.map(({ key, id: _id, ...input }, index) => {
        const choice = choices[index] as Choice;
        const id = `${field.id}-${index}`;
        return (
          <ChoiceRow
            key={key}
            id={id}
            choice={choice}
            input={(description) => (
              <input
                {...input}
                id={id}
                defaultChecked={checked === undefined ? input.defaultChecked : checked === choice.value}
                aria-describedby={description}
                onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
                className="mt-0.5 h-5 w-5 shrink-0 border-slate-400"
              />
            )}
          />
        );
      })}
    </GroupFrame>
  );
}

/**
 * Radio buttons of a field rendered by hand: for groups that share one field name with another group (the kinds of
 * storage and of parking), where conform would check the same value in both. `checked` says which starts checked.
 * The caller shows the field's errors once, with `<ErrorList id={field.errorId} …>`, after the groups.
 */
export function SharedRadioGroup({
  field,
  groupId,
  legend,
  hint,
  choices,
  checked,
  hidden,
  className,
  columns = 2,
}: {
  field: FieldMetadata<string | null | undefined>;
  /** Distinguishes this group's ids from the other group's. */
  groupId: string;
  legend: string;
  hint?: ReactNode;
  choices: readonly Choice[];
  checked: string | null;
  /** Hidden and disabled (so nothing of it is sent) — the other type's group once JavaScript knows the type. */
  hidden?: boolean;
  className?: string;
  columns?: 1 | 2 | 3;
}) {
  const invalid = field.errors?.length ? true : undefined;
  return (
    <GroupFrame
      field={{
        id: `${field.id}-${groupId}`,
        errorId: field.errorId,
        errors: field.errors,
        listErrors: false,
      }}
      legend={legend}
      hint={hint}
      className={className}
      columns={columns}
      hidden={hidden}
      disabled={hidden}
    >
      {choices.map((choice, index) => {
        const id = `${field.id}-${groupId}-${index}`;
        return (
          <ChoiceRow
            key={`${field.key ?? ""}${groupId}${choice.value}`}
            id={id}
            choice={choice}
            input={(description) => (
              <input
                type="radio"
                id={id}
                name={field.name}
                form={field.formId}
                value={choice.value}
                defaultChecked={checked === choice.value}
                aria-invalid={invalid}
                aria-describedby={description}
                className="mt-0.5 h-5 w-5 shrink-0 border-slate-400"
              />
            )}
          />
        );
      })}
    </GroupFrame>
  );
}

/** Check boxes under a legend, one per choice; the field holds the checked values. */
export function CheckboxGroupField({
  field,
  legend,
  hint,
  choices,
  className,
  columns = 2,
}: {
  field: FieldMetadata<string[] | null | undefined>;
  legend: string;
  hint?: ReactNode;
  choices: readonly Choice[];
  className?: string;
  columns?: 1 | 2 | 3;
}) {
  const props = getCollectionProps(field, {
    type: "checkbox",
    options: choices.map((choice) => choice.value),
  });
  return (
    <GroupFrame field={field} legend={legend} hint={hint} className={className} columns={columns}>
      {props.map(({ key, id: _id, ...input }, index) => {
        const choice = choices[index] as Choice;
        const id = `${field.id}-${index}`;
        return (
          <ChoiceRow
            key={key}
            id={id}
            choice={choice}
            input={(description) => (
              <input
                {...input}
                id={id}
                aria-describedby={description}
                className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400"
              />
            )}
          />
        );
      })}
    </GroupFrame>
  );
}

/**
 * A number typed by the host, with its label, unit (after the box), hint and errors. `type="number"` with
 * `step="any"` by default; the form's noValidate leaves the checks to the server, so its messages are the ones seen.
 */
export function NumberField({
  field,
  label,
  unit,
  hint,
  step = "any",
  min,
  inputMode = "decimal",
  className,
}: {
  field: FieldMetadata<number | string | null | undefined>;
  label: string;
  unit?: string;
  hint?: ReactNode;
  step?: string;
  min?: number;
  inputMode?: "decimal" | "numeric";
  className?: string;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const unitId = unit ? `${field.id}-unit` : undefined;
  const { key, ...props } = getInputProps(field, {
    type: "number",
    ariaDescribedBy: describedBy(unitId, hintId),
  });
  return (
    <div className={className}>
      <label htmlFor={field.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input key={key} {...props} step={step} min={min} inputMode={inputMode} className={inputClass} />
        {unit ? (
          <span id={unitId} className="mt-1 shrink-0 text-sm text-slate-700">
            {unit}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
