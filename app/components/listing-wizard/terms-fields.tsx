import type { FieldMetadata } from "@conform-to/react";
import { CheckboxField } from "~/components/ui/field";
import { formatPeso, roundHalfUp } from "~/domain/money";
import type { SpaceView } from "~/domain/space";
import { optionsOf, type SpaceType } from "~/domain/vocabulary";
import { CheckboxGroupField } from "./choice-fields";
import { priceBasisText } from "./price-text";

/**
 * The fields of the wizard's frequency, deposit and discount steps, shared with the edit page. Each explains the
 * rule behind it (docs/product.md, Pricing) with the listing's own price when it has one.
 */

export function FrequencyFields({ field }: { field: FieldMetadata<string[] | null | undefined> }) {
  return (
    <CheckboxGroupField
      field={field}
      legend="Rental durations you offer"
      hint="Choose every length of stay renters may book. Offering more durations brings more renters."
      choices={optionsOf("rentalDuration")}
      columns={3}
    />
  );
}

/** The months from which a deposit applies: 2 for storage, 1 for parking (docs/product.md, Deposit). */
export function depositMinimumMonths(type: SpaceType | null): number {
  return type === "parking" ? 1 : 2;
}

export function DepositFields({
  field,
  space,
}: {
  field: FieldMetadata<string | boolean | null | undefined>;
  space: Pick<SpaceView, "storageType" | "unitOfRental" | "rentMode" | "listingPrice">;
}) {
  const months = depositMinimumMonths(space.storageType);
  const monthlyPrice = space.listingPrice;
  return (
    <div className="space-y-4">
      <CheckboxField field={field} label="Ask renters for a deposit of one month's price" />
      <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
        <p>
          The deposit equals the first month's price
          {monthlyPrice !== null ? (
            <>
              {" "}
              (at your price, {formatPeso(monthlyPrice)} {priceBasisText(space)})
            </>
          ) : null}
          . It applies only to bookings of {months === 1 ? "1 month" : `${months} months`} or more; shorter
          bookings pay no deposit.
        </p>
        <p className="mt-2">
          Space Solution holds the deposit and returns it to the renter after the move-out checklist, unless
          you claim part of it through the resolution center.
        </p>
      </div>
    </div>
  );
}

export function DiscountFields({
  fields,
  space,
}: {
  fields: {
    firstMonthDiscount: FieldMetadata<string | boolean | null | undefined>;
    quickMoveIn: FieldMetadata<string | boolean | null | undefined>;
  };
  space: Pick<SpaceView, "storageType" | "unitOfRental" | "rentMode" | "listingPrice">;
}) {
  const monthlyPrice = space.listingPrice;
  return (
    <div className="space-y-5">
      <div>
        <CheckboxField field={fields.firstMonthDiscount} label="Offer a first-month discount" />
        <p className="ml-8 mt-1 text-sm text-slate-600">
          Renters who book 6 months or more get half of one month off
          {monthlyPrice !== null ? (
            <>
              {" "}
              (at your price, {formatPeso(roundHalfUp(monthlyPrice, 2))} {priceBasisText(space)})
            </>
          ) : null}
          . Long bookings fill your space for longer.
        </p>
      </div>
      <div>
        <CheckboxField field={fields.quickMoveIn} label="Quick move-in" />
        <p className="ml-8 mt-1 text-sm text-slate-600">
          Renters can move in as soon as you approve their booking, with no viewing needed first.
        </p>
      </div>
    </div>
  );
}
