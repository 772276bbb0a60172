import { MAX_VIEWING_SLOTS, VIEWING_MINUTES } from "~/domain/conversation";

const CHOICES = ["First choice", "Second choice (optional)", "Third choice (optional)"] as const;

/**
 * Up to three times for a viewing, as `datetime-local` fields (Manila time) named `slots`: a browser without
 * JavaScript sends them as they are, and the server checks them (in the next 14 days, not past).
 */
export function SlotFields({
  min,
  max,
  error,
  idPrefix,
}: {
  min: string;
  max: string;
  error?: string;
  idPrefix: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">
        Up to {MAX_VIEWING_SLOTS} times that suit you (each visit is {VIEWING_MINUTES} minutes, Philippine
        time)
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {CHOICES.slice(0, MAX_VIEWING_SLOTS).map((choice, index) => (
          <div key={choice}>
            <label htmlFor={`${idPrefix}-${index}`} className="block text-xs font-semibold text-slate-700">
              {choice}
            </label>
            <input
              id={`${idPrefix}-${index}`}
              type="datetime-local"
              name="slots"
              min={min}
              max={max}
              required={index === 0}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${idPrefix}-error` : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-600"
            />
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${idPrefix}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
