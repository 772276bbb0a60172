/**
 * Length, area and volume conversions and their display (docs/product.md, Units and vocabularies).
 *
 * Sizes are stored and computed in meters, square meters and cubic meters. A user's `measurementUnit` ("meter" or
 * "feet") only picks how they are shown and in which unit a form's numbers are typed: convert typed dimensions to
 * meters with {@link dimensionsToMeters}, compute {@link area} and {@link volume} from the meters, and format with
 * {@link formatLength}, {@link formatArea} and {@link formatVolume}.
 *
 * The conversions are plain floating-point arithmetic with no rounding; only the format functions round.
 */
import { DEFAULT_LENGTH_UNIT, isLengthUnit, type LengthUnit } from "./vocabulary";

/** Feet in one meter, exactly as the product rules give it. */
export const FEET_PER_METER = 3.2808399;

/**
 * Square feet in one square meter, exactly as the product rules give it. It is the product's own rounded constant, not
 * FEET_PER_METER squared (10.76391…): areas use it, so 1 sq m always shows as 10.764 sq ft.
 */
export const SQUARE_FEET_PER_SQUARE_METER = 10.764;

/**
 * Cubic feet in one cubic meter. The product rules give no volume constant, so this is FEET_PER_METER cubed
 * (3.2808399³ ≈ 35.3146669), consistent with the product's feet per meter.
 */
export const CUBIC_FEET_PER_CUBIC_METER = FEET_PER_METER ** 3;

/** A space's size: length, width and height, all in the same unit. */
export type Dimensions = { readonly length: number; readonly width: number; readonly height: number };

/** A length in `unit` converted to meters. */
export function toMeters(value: number, unit: LengthUnit): number {
  return unit === "feet" ? value / FEET_PER_METER : value;
}

/** A length in meters converted to `unit`. */
export function fromMeters(meters: number, unit: LengthUnit): number {
  return unit === "feet" ? meters * FEET_PER_METER : meters;
}

/** An area in square `unit`s (square meters or square feet) converted to square meters, using 10.764 sq ft per sq m. */
export function areaToMeters(value: number, unit: LengthUnit): number {
  return unit === "feet" ? value / SQUARE_FEET_PER_SQUARE_METER : value;
}

/** An area in square meters converted to square `unit`s, using 10.764 sq ft per sq m. */
export function areaFromMeters(sqm: number, unit: LengthUnit): number {
  return unit === "feet" ? sqm * SQUARE_FEET_PER_SQUARE_METER : sqm;
}

/** A volume in cubic `unit`s (cubic meters or cubic feet) converted to cubic meters, using 3.2808399³ cu ft per cu m. */
export function volumeToMeters(value: number, unit: LengthUnit): number {
  return unit === "feet" ? value / CUBIC_FEET_PER_CUBIC_METER : value;
}

/** A volume in cubic meters converted to cubic `unit`s, using 3.2808399³ cu ft per cu m. */
export function volumeFromMeters(cbm: number, unit: LengthUnit): number {
  return unit === "feet" ? cbm * CUBIC_FEET_PER_CUBIC_METER : cbm;
}

/** Dimensions typed in `unit` converted to meters. */
export function dimensionsToMeters(dimensions: Dimensions, unit: LengthUnit): Dimensions {
  return {
    length: toMeters(dimensions.length, unit),
    width: toMeters(dimensions.width, unit),
    height: toMeters(dimensions.height, unit),
  };
}

/** Dimensions in meters converted to `unit` (to prefill a form in the user's unit). */
export function dimensionsFromMeters(dimensions: Dimensions, unit: LengthUnit): Dimensions {
  return {
    length: fromMeters(dimensions.length, unit),
    width: fromMeters(dimensions.width, unit),
    height: fromMeters(dimensions.height, unit),
  };
}

/** Floor area in square meters of dimensions in meters: length × width. */
export function area(dimensions: Pick<Dimensions, "length" | "width">): number {
  return dimensions.length * dimensions.width;
}

/** Volume in cubic meters of dimensions in meters: length × width × height. */
export function volume(dimensions: Dimensions): number {
  return dimensions.length * dimensions.width * dimensions.height;
}

/**
 * The unit to show sizes in for a user's `measurementUnit`: the user's choice when it is a length unit, otherwise
 * meters (a visitor, or a profile that never chose).
 */
export function displayUnit(measurementUnit: unknown): LengthUnit {
  return isLengthUnit(measurementUnit) ? measurementUnit : DEFAULT_LENGTH_UNIT;
}

// ---------------------------------------------------------------------------------------------------------------
// Display
// ---------------------------------------------------------------------------------------------------------------

/** Symbols shown after a length. */
export const LENGTH_SYMBOLS: { readonly [U in LengthUnit]: string } = { meter: "m", feet: "ft" };
/** Symbols shown after an area. */
export const AREA_SYMBOLS: { readonly [U in LengthUnit]: string } = { meter: "sq m", feet: "sq ft" };
/** Symbols shown after a volume. */
export const VOLUME_SYMBOLS: { readonly [U in LengthUnit]: string } = { meter: "cu m", feet: "cu ft" };

/** Decimals shown by the format functions unless told otherwise. */
export const DISPLAY_FRACTION_DIGITS = 1;

/** Shown instead of a number that is not finite (NaN or ±Infinity): a missing size, not a crash. */
export const NO_VALUE = "—";

const formatters = new Map<number, Intl.NumberFormat>();

/**
 * A number with exactly `fractionDigits` decimals, en-PH grouping ("1,076.4") and halves rounded away from zero on
 * the number's shortest decimal form (8.05 → "8.1"); a value that rounds to zero never shows as "-0.0".
 */
function formatNumber(value: number, fractionDigits: number): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  let formatter = formatters.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-PH", {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(fractionDigits, formatter);
  }
  return formatter.format(value).replace(/^-(?=0(?:\.0*)?$)/, "");
}

/** "number symbol", or the bare {@link NO_VALUE} mark when the number is not finite. */
function withSymbol(value: number, fractionDigits: number, symbol: string): string {
  const number = formatNumber(value, fractionDigits);
  return number === NO_VALUE ? NO_VALUE : `${number} ${symbol}`;
}

/**
 * A length stored in meters, shown in `unit` with one decimal by default: "2.5 m", "8.2 ft" (2.5 m), "1,250.0 m".
 * Every size is shown the same way: the number with a fixed count of decimals and en-PH grouping, one space, then
 * the symbol.
 */
export function formatLength(
  meters: number,
  unit: LengthUnit,
  fractionDigits = DISPLAY_FRACTION_DIGITS,
): string {
  return withSymbol(fromMeters(meters, unit), fractionDigits, LENGTH_SYMBOLS[unit]);
}

/** An area stored in square meters, shown in square `unit`s: "12.0 sq m" or "129.2 sq ft". */
export function formatArea(sqm: number, unit: LengthUnit, fractionDigits = DISPLAY_FRACTION_DIGITS): string {
  return withSymbol(areaFromMeters(sqm, unit), fractionDigits, AREA_SYMBOLS[unit]);
}

/** A volume stored in cubic meters, shown in cubic `unit`s: "30.0 cu m" or "1,059.4 cu ft". */
export function formatVolume(
  cbm: number,
  unit: LengthUnit,
  fractionDigits = DISPLAY_FRACTION_DIGITS,
): string {
  return withSymbol(volumeFromMeters(cbm, unit), fractionDigits, VOLUME_SYMBOLS[unit]);
}

/** Dimensions stored in meters, shown in `unit` as length × width × height: "2.0 × 3.0 × 2.5 m". */
export function formatDimensions(
  dimensions: Dimensions,
  unit: LengthUnit,
  fractionDigits = DISPLAY_FRACTION_DIGITS,
): string {
  const { length, width, height } = dimensionsFromMeters(dimensions, unit);
  const parts = [length, width, height].map((value) => formatNumber(value, fractionDigits));
  return parts.includes(NO_VALUE) ? NO_VALUE : `${parts.join(" × ")} ${LENGTH_SYMBOLS[unit]}`;
}
