import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { type ReactNode, useState } from "react";
import type { PriceRange } from "~/api/space/spaces.server";
import { ErrorList } from "~/components/ui/field";
import { type CalendarDate, countWeekdays } from "~/domain/dates";
import { type Centavos, formatPeso, parsePeso } from "~/domain/money";
import { firstMonthDiscount, parkingMonthPrice, spaceFee, storageStayQuote } from "~/domain/pricing";
import { PRICE_INPUT_MAX, PRICE_INPUT_MIN, type SpaceView, WHOLE_PRICE_MAX } from "~/domain/space";
import { priceBasisText } from "./price-text";

/**
 * The set-your-space-price fields (the wizard's step and the edit page). Storage: the monthly price of one unit
 * (₱1–₱999, docs/product.md, Constants) or of the entire space. Parking: the daily price (₱1–₱999) and the full-month
 * price. Prices are typed in pesos. Beside them: the city's current prices as guidance, and what a renter would pay at
 * the typed price (pricing.ts), updated as the host types when JavaScript runs, else for the saved price.
 */

/** The city's prices of listings like this one (from getStoragePriceRange / getParkingPriceRange). */
export type PriceGuidance = { cityName: string; monthly: PriceRange; daily: PriceRange | null };

type PricedSpace = Pick<
  SpaceView,
  "storageType" | "unitOfRental" | "rentMode" | "listingPrice" | "dailyPrice" | "firstMonthDiscount"
>;

/** Pesos for a price input's default value: 350000 centavos → "3500". */
export function pesoInput(centavos: Centavos | null | undefined): string | undefined {
  return centavos === null || centavos === undefined ? undefined : String(centavos / 100);
}

/**
 * Whether the monthly price is a price per unit (bounded by ₱999, docs/product.md, Listings) rather than a whole
 * space's.
 */
export function isUnitPrice(space: Pick<SpaceView, "storageType" | "rentMode">): boolean {
  return space.storageType === "storage" && !space.rentMode.entireSpace;
}

export function PriceFields({
  fields,
  space,
  guidance,
  today,
}: {
  fields: {
    monthlyPrice: FieldMetadata<string | number | null | undefined>;
    dailyPrice: FieldMetadata<string | number | null | undefined>;
  };
  space: PricedSpace;
  guidance: PriceGuidance | null;
  /** Today in Manila: the start of the parking example's 30 days (the server's date, so both renders agree). */
  today: CalendarDate;
}) {
  const parking = space.storageType === "parking";
  const [monthly, setMonthly] = useState(fields.monthlyPrice.initialValue ?? pesoInput(space.listingPrice));
  const [daily, setDaily] = useState(fields.dailyPrice.initialValue ?? pesoInput(space.dailyPrice));
  const monthlyCentavos = parsePeso(String(monthly ?? ""));
  const dailyCentavos = parsePeso(String(daily ?? ""));
  const unitPrice = isUnitPrice(space);
  const monthlyMax = unitPrice ? PRICE_INPUT_MAX : WHOLE_PRICE_MAX;

  return (
    <div className="space-y-6">
      {parking ? (
        <PesoField
          field={fields.dailyPrice}
          label="Daily price"
          suffix="a day"
          min={PRICE_INPUT_MIN}
          max={PRICE_INPUT_MAX}
          hint={`For renters who park on chosen days: from ₱${PRICE_INPUT_MIN} to ₱${PRICE_INPUT_MAX} a day.`}
          onValue={setDaily}
        />
      ) : null}
      <PesoField
        field={fields.monthlyPrice}
        label={parking ? "Full-month price" : `Monthly price ${priceBasisText(space)}`}
        suffix="a month"
        min={PRICE_INPUT_MIN}
        max={monthlyMax}
        hint={
          parking
            ? "For renters who park every day of the month."
            : unitPrice
              ? `From ₱${PRICE_INPUT_MIN} to ₱${PRICE_INPUT_MAX} a month ${priceBasisText(space)}.`
              : "What one renter pays a month for the whole space."
        }
        onValue={setMonthly}
      />
      {guidance ? <Guidance guidance={guidance} space={space} /> : null}
      <Example
        space={space}
        monthlyPrice={monthlyCentavos}
        dailyPrice={parking ? dailyCentavos : null}
        today={today}
      />
    </div>
  );
}

/** A price input in pesos: a "₱" before it, min, max and a centavo step (the server checks the same bounds). */
function PesoField({
  field,
  label,
  suffix,
  hint,
  min,
  max,
  onValue,
}: {
  field: FieldMetadata<string | number | null | undefined>;
  label: string;
  suffix: string;
  hint: ReactNode;
  min: number;
  max: number;
  onValue: (value: string) => void;
}) {
  const hintId = `${field.id}-hint`;
  const { key, ...props } = getInputProps(field, { type: "number", ariaDescribedBy: hintId });
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <div className="relative w-full max-w-xs">
          <span aria-hidden="true" className="absolute inset-y-0 left-3 flex items-center text-slate-600">
            ₱
          </span>
          <input
            key={key}
            {...props}
            min={min}
            max={max}
            step="0.01"
            inputMode="decimal"
            onChange={(event) => onValue(event.currentTarget.value)}
            className="block w-full rounded-md border border-slate-300 bg-white py-2.5 pl-8 pr-3 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-600"
          />
        </div>
        <span className="whitespace-nowrap text-slate-700">{suffix}</span>
      </div>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

function rangeText(range: PriceRange): string {
  const median = range.medianPrice === null ? "" : ` (middle price ${formatPeso(range.medianPrice)})`;
  return range.minPrice === range.maxPrice
    ? `${formatPeso(range.minPrice)}${median}`
    : `${formatPeso(range.minPrice)} to ${formatPeso(range.maxPrice)}${median}`;
}

/** What listings like this one ask in its city now, or that there are none yet. */
function Guidance({ guidance, space }: { guidance: PriceGuidance; space: PricedSpace }) {
  const { cityName, monthly, daily } = guidance;
  const kind = space.storageType === "parking" ? "parking" : "storage";
  const listings = (count: number) => `${count} active ${kind} listing${count === 1 ? "" : "s"}`;
  return (
    <section aria-labelledby="price-guidance" className="rounded-lg bg-brand-50 p-4 text-sm text-slate-800">
      <h2 id="price-guidance" className="font-semibold text-slate-900">
        Prices in {cityName} now
      </h2>
      {monthly.count === 0 && (daily?.count ?? 0) === 0 ? (
        <p className="mt-1">
          No {kind} listings like yours are active in {cityName} yet, so there is nothing local to compare
          with.
          {isUnitPrice(space) || space.storageType === "parking"
            ? ` Prices per unit or per day go from ${formatPeso(monthly.minPrice)} to ${formatPeso(monthly.maxPrice)}.`
            : null}
        </p>
      ) : (
        <ul className="mt-1 space-y-1">
          {monthly.count > 0 ? (
            <li>
              {listings(monthly.count)}{" "}
              {space.storageType === "parking" ? "ask" : `${priceBasisText(space)}:`} {rangeText(monthly)} a
              month.
            </li>
          ) : null}
          {daily && daily.count > 0 ? (
            <li>
              {listings(daily.count)} with a daily price ask {rangeText(daily)} a day.
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

/** What renters would pay at these prices: a 5-day stay and a 6-month booking (storage), weekdays and a month (parking). */
function Example({
  space,
  monthlyPrice,
  dailyPrice,
  today,
}: {
  space: PricedSpace;
  monthlyPrice: Centavos | null;
  dailyPrice: Centavos | null;
  today: CalendarDate;
}) {
  const lines: string[] = [];
  if (space.storageType === "parking") {
    if (dailyPrice !== null) {
      const weekdays = [1, 2, 3, 4, 5];
      const days = countWeekdays(today, 30, weekdays);
      const price = parkingMonthPrice({
        dailyPrice,
        monthlyPrice: monthlyPrice ?? 0,
        weekdays,
        startDate: today,
      });
      lines.push(
        `Parking Monday to Friday for 30 days from today (${days} days) costs a renter ${formatPeso(price)}.`,
      );
    }
    if (monthlyPrice !== null)
      lines.push(sixMonthLine("Parking every day for 6 months costs", space, monthlyPrice));
  } else if (monthlyPrice !== null) {
    const per = isUnitPrice(space) ? ` of ${priceBasisText(space).replace(/^per /, "one ")}` : "";
    lines.push(`A 5-day stay${per} is quoted at ${formatPeso(storageStayQuote(monthlyPrice, 5))}.`);
    lines.push(sixMonthLine(`A renter who books 6 months${per} pays`, space, monthlyPrice));
  }
  return (
    <section aria-labelledby="price-example" className="rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
      <h2 id="price-example" className="font-semibold text-slate-900">
        What renters pay
      </h2>
      {lines.length ? (
        <ul className="mt-1 space-y-1" aria-live="polite" data-testid="price-example">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1">Enter a price to see an example.</p>
      )}
      <p className="mt-2 text-slate-600">
        Space Solution adds its service fee to the renter's first payment.
      </p>
    </section>
  );
}

/** What 6 months cost for the space (one unit), less the first-month discount when the listing offers it. */
function sixMonthLine(start: string, space: PricedSpace, monthlyPrice: Centavos): string {
  const total = spaceFee({ monthlyPrice, quantity: 1, months: 6, remainderDays: 0 });
  const discount = firstMonthDiscount({
    offered: space.firstMonthDiscount,
    months: 6,
    monthlyPrice,
    quantity: 1,
  });
  const after = discount > 0 ? `, after your first-month discount of ${formatPeso(discount)}` : "";
  return `${start} ${formatPeso(total - discount)} for the space${after}.`;
}
