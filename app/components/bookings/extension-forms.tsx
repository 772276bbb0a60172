import { Form } from "@remix-run/react";
import { EXTENSION_ANSWER_HOURS, type ExtensionCheck, MAX_EXTENSION_MONTHS } from "~/domain/booking";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { field, primary, secondary } from "./action-styles";

/** The months the renter picked (`?months=`) and the API's answer: the extension's price, or why not. */
export type ExtensionAsked = { months: number; check: ExtensionCheck } | null;

/** The renter picks 1–12 months (a GET form: the loader asks checkExtension), sees the price or why not, and asks. */
export function ExtensionForms({ pending, extension }: { pending: boolean; extension: ExtensionAsked }) {
  return (
    <div className="space-y-2">
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="text-sm font-semibold">
          Extend by
          <select name="months" defaultValue={extension?.months ?? 1} className={field}>
            {Array.from({ length: MAX_EXTENSION_MONTHS }, (_, i) => i + 1).map((months) => (
              <option key={months} value={months}>
                {months} {months === 1 ? "month" : "months"}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={secondary}>
          Check the price
        </button>
      </Form>
      {extension ? (
        extension.check.possible ? (
          <Form method="post" className="space-y-1">
            <p className="text-sm" data-testid="extension-quote">
              To {formatCalendarDate(extension.check.quote.newEndDate)}:{" "}
              {formatPeso(extension.check.quote.rent)} rent +{" "}
              {formatPeso(extension.check.quote.spaceSolutionFee)} fee ={" "}
              {formatPeso(extension.check.quote.total)}
              {extension.check.autoAccepted
                ? " (the host accepts extensions at once)"
                : ` (the host answers within ${EXTENSION_ANSWER_HOURS} hours)`}
              .
            </p>
            <input type="hidden" name="months" value={extension.months} />
            <button
              type="submit"
              name="intent"
              value="request-extension"
              disabled={pending}
              className={primary}
            >
              Ask for {extension.months} more {extension.months === 1 ? "month" : "months"}
            </button>
          </Form>
        ) : (
          <p role="alert" className="text-sm text-red-800" data-testid="extension-refused">
            {extension.check.message}
          </p>
        )
      ) : null}
    </div>
  );
}
