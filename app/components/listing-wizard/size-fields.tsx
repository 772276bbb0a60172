import type { FieldMetadata } from "@conform-to/react";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  AREA_SYMBOLS,
  area,
  dimensionsToMeters,
  FEET_PER_METER,
  formatArea,
  formatVolume,
  LENGTH_SYMBOLS,
  SQUARE_FEET_PER_SQUARE_METER,
  volume,
} from "~/domain/units";
import {
  isLengthUnit,
  LENGTH_UNIT_LABELS,
  LENGTH_UNITS,
  type LengthUnit,
  RENTAL_UNITS,
  VEHICLE_SIZE_LABELS,
  VEHICLE_SIZES,
} from "~/domain/vocabulary";
import { NumberField, RadioGroupField } from "./choice-fields";

type NumberInput = FieldMetadata<number | string | null | undefined>;

/** The fields of the storage size step, as a conform form names them. */
export type StorageSizeFieldset = {
  lengthUnit: FieldMetadata<string | null | undefined>;
  length: NumberInput;
  width: NumberInput;
  height: NumberInput;
  entireSpace: FieldMetadata<boolean | string | null | undefined>;
  unitOfRental: FieldMetadata<string | null | undefined>;
  unitsAvailable: NumberInput;
};

/** The rent mode's two choices: `entireSpace` is "on" for the entire space and empty (false) by the unit. */
export const RENT_MODE_CHOICES = [
  { value: "on", label: "The entire space", description: "One renter rents all of it." },
  {
    value: "",
    label: "By the unit",
    description: "Renters rent some square meters, cubic meters or pallets of it.",
  },
] as const;

const RENTAL_UNIT_CHOICES: Record<(typeof RENTAL_UNITS)[number], string> = {
  sqm: "Square meters (sqm)",
  cbm: "Cubic meters (cbm)",
  pallet: "Pallets",
};

/** A typed number, or null when the box is empty or not a positive number. */
function positive(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  if (typeof value === "string" && value.trim() === "") return null;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
}

/**
 * The floor area and the volume of the typed sizes, in the unit they are typed in. Server-rendered from the
 * form's starting values (the saved size, converted to the host's unit), then live as the host types.
 */
export function SizeSummary({
  length,
  width,
  height,
  unit,
}: {
  length: unknown;
  width: unknown;
  height: unknown;
  unit: LengthUnit;
}) {
  const sides = { length: positive(length), width: positive(width), height: positive(height) };
  const complete = sides.length !== null && sides.width !== null && sides.height !== null;
  const meters = complete
    ? dimensionsToMeters(
        { length: sides.length ?? 0, width: sides.width ?? 0, height: sides.height ?? 0 },
        unit,
      )
    : null;
  return (
    <div className="rounded-md bg-slate-50 p-4" data-testid="size-summary">
      <p aria-live="polite" className="text-slate-900">
        {meters ? (
          <>
            Floor area: <strong>{formatArea(area(meters), unit)}</strong>
            <span className="mx-2 text-slate-400" aria-hidden="true">
              ·
            </span>
            Volume: <strong>{formatVolume(volume(meters), unit)}</strong>
          </>
        ) : (
          "The floor area and volume show here once the length, width and height are filled in."
        )}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        1 meter = {FEET_PER_METER} feet; 1 {AREA_SYMBOLS.meter} = {SQUARE_FEET_PER_SQUARE_METER}{" "}
        {AREA_SYMBOLS.feet}. Sizes are kept in meters and shown in each person's unit.
      </p>
    </div>
  );
}

/**
 * The size of a storage space and how it is rented: the unit the sizes are typed in (the host's measurement unit
 * to start with), length, width and height, their floor area and volume, the rent mode (the entire space or by the
 * unit), the unit of rental and, by the unit, how many units are for rent. With JavaScript the units-for-rent box
 * hides while the entire space is chosen.
 */
export function StorageSizeFields({ fields }: { fields: StorageSizeFieldset }) {
  const hydrated = useHydrated();
  const unit: LengthUnit = isLengthUnit(fields.lengthUnit.value) ? fields.lengthUnit.value : "meter";
  const symbol = LENGTH_SYMBOLS[unit];
  const entireSpace = fields.entireSpace.value === "on";
  return (
    <div className="space-y-6">
      <RadioGroupField
        field={fields.lengthUnit}
        legend="Unit of measurement"
        choices={LENGTH_UNITS.map((each) => ({ value: each, label: LENGTH_UNIT_LABELS[each] }))}
        columns={2}
      />
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Size</legend>
        <div className="mt-3 grid gap-5 sm:grid-cols-3">
          <NumberField field={fields.length} label="Length" unit={symbol} min={0} />
          <NumberField field={fields.width} label="Width" unit={symbol} min={0} />
          <NumberField field={fields.height} label="Height" unit={symbol} min={0} />
        </div>
      </fieldset>
      <SizeSummary
        length={fields.length.value}
        width={fields.width.value}
        height={fields.height.value}
        unit={unit}
      />
      <RadioGroupField
        field={fields.entireSpace}
        legend="Rent mode"
        choices={RENT_MODE_CHOICES}
        checked={fields.entireSpace.initialValue === "on" ? "on" : ""}
      />
      <RadioGroupField
        field={fields.unitOfRental}
        legend="Unit of rental"
        hint="What your price is per when you rent by the unit, and how renters measure what they need."
        choices={RENTAL_UNITS.map((each) => ({ value: each, label: RENTAL_UNIT_CHOICES[each] }))}
        columns={3}
      />
      <fieldset hidden={hydrated && entireSpace} disabled={hydrated && entireSpace}>
        <NumberField
          field={fields.unitsAvailable}
          label="Units for rent"
          step="1"
          min={1}
          inputMode="numeric"
          hint="By the unit: how many square meters, cubic meters or pallets renters can book."
        />
      </fieldset>
    </div>
  );
}

/** The fields of the vehicle size step, as a conform form names them. */
export type VehicleSizeFieldset = {
  vehicleSize: FieldMetadata<string | null | undefined>;
  unitsAvailable: NumberInput;
};

/** The largest vehicle a parking space takes, and how many slots it has. */
export function VehicleSizeFields({ fields }: { fields: VehicleSizeFieldset }) {
  return (
    <div className="space-y-6">
      <RadioGroupField
        field={fields.vehicleSize}
        legend="Largest vehicle that fits"
        hint="Renters with a smaller vehicle can book it too."
        choices={VEHICLE_SIZES.map((each) => ({ value: each, label: VEHICLE_SIZE_LABELS[each] }))}
        columns={2}
      />
      <NumberField
        field={fields.unitsAvailable}
        label="Parking slots"
        step="1"
        min={1}
        inputMode="numeric"
        hint="How many vehicles of that size can park at the same time."
      />
    </div>
  );
}
