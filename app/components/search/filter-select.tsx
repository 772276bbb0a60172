import type { ReactNode } from "react";
import type { Option } from "~/domain/vocabulary";

/**
 * One of the search's drop-down filters, as every one of them is drawn: its label, the choice the URL has (or the
 * first), an "any" choice sent empty when the filter may be left open, and the choices, flat or in groups (cities by
 * province). Plain HTML, so the GET form works without JavaScript.
 */

/** The look of the search form's controls and labels, shared with its other fields. */
export const control =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm";
export const labelClass = "block text-sm font-semibold text-slate-800";

export function FilterSelect({
  id,
  name,
  label,
  value,
  any,
  options,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  /** The words of the empty choice ("Any city"); a filter without one always has a choice. */
  any?: string;
  /** The choices, or the choices grouped under a heading each. */
  options: readonly Option<string>[] | readonly (readonly [string, readonly Option<string>[]])[];
  /** What follows the control (a hint). */
  children?: ReactNode;
}) {
  const choice = (option: Option<string>) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  );
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={control}>
        {any === undefined ? null : <option value="">{any}</option>}
        {options.map((entry) =>
          Array.isArray(entry) ? (
            <optgroup key={entry[0]} label={entry[0]}>
              {(entry[1] as readonly Option<string>[]).map(choice)}
            </optgroup>
          ) : (
            choice(entry as Option<string>)
          ),
        )}
      </select>
      {children}
    </div>
  );
}
