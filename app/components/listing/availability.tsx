import { Form } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { formatCalendarDate } from "./calendar-date";

/** GET /space/getAvailableSpace's answer. */
export type Availability = { spaceId: string; startDate: string; totalUnits: number; availableUnits: number };

/**
 * "Is it free from this date?": a GET form (?from=YYYY-MM-DD) whose answer the page's loader gets from
 * /space/getAvailableSpace; it shows how many units or slots are free from then.
 */
export function AvailabilityCheck({
  from,
  today,
  answer,
  unitName,
  keep = {},
}: {
  from: string;
  today: string;
  answer: { ok: true; result: Availability } | { ok: false; message: string } | null;
  /** What one unit is called: "slot", "unit" or "space". */
  unitName: string;
  /** Other query parameters of the page to keep when the form is sent (the calculator's). */
  keep?: Record<string, string | string[]>;
}) {
  return (
    <Card as="section" aria-labelledby="availability-title">
      <h2 id="availability-title" className="text-lg font-semibold text-slate-900">
        Availability
      </h2>
      <Form method="get" preventScrollReset className="mt-3 flex flex-wrap items-end gap-3">
        {Object.entries(keep).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((item) => (
            <input key={`${name}-${item}`} type="hidden" name={name} value={item} />
          )),
        )}
        <div>
          <label htmlFor="availability-from" className="block text-sm font-semibold text-slate-800">
            Move in from
          </label>
          <input
            id="availability-from"
            name="from"
            type="date"
            min={today}
            defaultValue={from || today}
            className="mt-1 block rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <button
          type="submit"
          className="rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Check
        </button>
      </Form>
      <div aria-live="polite" className="mt-3">
        {answer === null ? null : answer.ok ? (
          <p className="text-slate-900" data-testid="availability-answer">
            {availabilityText(answer.result, unitName)}
          </p>
        ) : (
          <p className="text-red-700">{answer.message}</p>
        )}
      </div>
    </Card>
  );
}

function availabilityText(result: Availability, unitName: string): string {
  const date = formatCalendarDate(result.startDate);
  if (result.totalUnits <= 1) {
    return result.availableUnits > 0 ? `Free from ${date}.` : `Not free from ${date}.`;
  }
  const plural = (n: number) => `${n} ${unitName}${n === 1 ? "" : "s"}`;
  return `${result.availableUnits} of ${plural(result.totalUnits)} free from ${date}.`;
}
