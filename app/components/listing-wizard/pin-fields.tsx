import type { FieldMetadata } from "@conform-to/react";
import { PinPicker } from "~/components/map/map";
import type { Coordinates } from "~/domain/geo";
import { NumberField } from "./choice-fields";

/** The fields of the pin step, as a conform form names them. */
export type PinFieldset = {
  latitude: FieldMetadata<number | string | null | undefined>;
  longitude: FieldMetadata<number | string | null | undefined>;
};

/**
 * The pin of a space: with JavaScript a map with a draggable pin (PinPicker) that writes the two inputs below it;
 * without, the inputs alone, prefilled by the step with the city's centre. Both end in the same numbers, which the
 * step's rules check are in the Philippines.
 */
export function PinFields({
  fields,
  center,
  cityName,
}: {
  fields: PinFieldset;
  /** Where the map opens when the inputs are empty: the city's centre. */
  center?: Coordinates;
  /** The city whose centre the inputs start at (none once the pin is saved). */
  cityName?: string | null;
}) {
  return (
    <div className="space-y-5">
      <PinPicker
        latitudeInputId={fields.latitude.id}
        longitudeInputId={fields.longitude.id}
        center={center}
        className="h-72 sm:h-96"
        fallback="The map needs JavaScript. Type the latitude and longitude of your space below instead."
      />
      <p className="text-sm text-slate-600">
        {cityName ? `The numbers start at the center of ${cityName}. ` : null}
        Move the pin to your space's entrance, or type its coordinates (from a map app).
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField field={fields.latitude} label="Latitude" hint="For example 14.5547 (north)." />
        <NumberField field={fields.longitude} label="Longitude" hint="For example 121.0244 (east)." />
      </div>
    </div>
  );
}
