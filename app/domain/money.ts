/**
 * Money in Philippine pesos, kept as integer centavos (₱1.00 = 100). Plain TypeScript with no dependencies: it is
 * shared by the server and the browser.
 *
 * Rule (docs/product.md, Locale and money): amounts are never floats. A line item that involves a fraction is computed
 * as one exact rational number (integer numerator over integer denominator) and rounded half-up to the centavo once,
 * at the end of its own computation; totals add already-rounded line items.
 */

/**
 * An amount of money in integer centavos (₱1,234.50 is `123450`). A plain `number` alias rather than a branded type,
 * so values read from the database or a form need no casts; every public function that takes `Centavos` checks that
 * it really is a safe integer and throws otherwise.
 */
export type Centavos = number;

/** Centavos in one peso. */
export const CENTAVOS_PER_PESO = 100;

/** Throws a RangeError unless `value` is a safe integer ≥ 0. `name` is used in the message. */
export function assertNonNegativeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
}

/** Throws a RangeError unless `value` is a safe integer (of either sign). `name` is used in the message. */
export function assertInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be an integer, got ${String(value)}`);
  }
}

/**
 * The product of integer `factors` divided by the positive integer `denominator`, rounded half-up (a half goes away
 * from zero: 0.5 → 1, −0.5 → −1) to an integer. Exact for any size of intermediate product: the arithmetic is done
 * with BigInt, so e.g. `P × r × 3 × q / 30` is never subject to floating-point error or overflow. Throws a RangeError
 * on a non-integer input, a denominator ≤ 0, or a result outside the safe-integer range.
 *
 * @example roundHalfUpProduct([100000, 7], 30) // 700000 / 30 = 23333.33… → 23333
 */
export function roundHalfUpProduct(factors: readonly number[], denominator: number): number {
  factors.forEach((factor, i) => {
    assertInteger(factor, `factor ${i}`);
  });
  assertInteger(denominator, "denominator");
  if (denominator <= 0) throw new RangeError(`denominator must be positive, got ${denominator}`);

  const numerator = factors.reduce((product, factor) => product * BigInt(factor), 1n);
  const d = BigInt(denominator);
  let quotient = numerator / d; // BigInt division truncates toward zero
  const remainder = numerator % d; // same sign as the numerator
  const twiceRemainder = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twiceRemainder >= d) quotient += numerator < 0n ? -1n : 1n;

  const result = Number(quotient);
  if (!Number.isSafeInteger(result)) throw new RangeError("amount is too large to represent exactly");
  return result;
}

/**
 * `numerator / denominator` rounded half-up (away from zero) to an integer; both must be safe integers and the
 * denominator positive. Compute the numerator in integers first, e.g. `roundHalfUp(P * r * 3, 30)`; prefer
 * {@link roundHalfUpProduct} when the numerator is a product that could exceed `Number.MAX_SAFE_INTEGER`.
 *
 * @example roundHalfUp(5, 2) // 3
 * @example roundHalfUp(3700000, 30) // 123333
 */
export function roundHalfUp(numerator: number, denominator: number): number {
  return roundHalfUpProduct([numerator], denominator);
}

/**
 * Formats centavos as pesos the en-PH way: peso sign, comma thousands separators, always two decimals; a negative
 * amount gets a leading minus before the sign. Throws a RangeError on a non-integer amount.
 *
 * @example formatPeso(123450) // "₱1,234.50"
 * @example formatPeso(-100) // "-₱1.00"
 */
export function formatPeso(centavos: Centavos): string {
  assertInteger(centavos, "centavos");
  const negative = centavos < 0;
  const absolute = Math.abs(centavos);
  const pesos = Math.floor(absolute / CENTAVOS_PER_PESO);
  const cents = absolute % CENTAVOS_PER_PESO;
  const grouped = String(pesos).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}₱${grouped}.${String(cents).padStart(2, "0")}`;
}

/** Digits with optional correctly placed thousands commas, then an optional one- or two-digit fraction. */
const PESO_INPUT = /^(?:(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?|\.(\d{1,2}))$/;

/**
 * Parses an amount of pesos typed by a person into centavos, or returns null when it is not a valid amount.
 * Accepts surrounding spaces, an optional leading `₱`, thousands commas (only where they belong: `1,234` but not
 * `12,34`) and at most two decimals (`1,234.5`, `.50`). Rejects negatives, signs, exponents, more than two decimals,
 * empty input and amounts too large to hold exactly.
 *
 * @example parsePeso("1,234.5") // 123450
 * @example parsePeso("1.234") // null
 */
export function parsePeso(input: string): Centavos | null {
  const text = input.trim().replace(/^₱\s*/, "");
  const match = PESO_INPUT.exec(text);
  if (!match) return null;
  const whole = (match[1] ?? "0").replaceAll(",", "");
  const fraction = (match[2] ?? match[3] ?? "").padEnd(2, "0");
  const centavos = Number(whole) * CENTAVOS_PER_PESO + Number(fraction);
  return Number.isSafeInteger(centavos) ? centavos : null;
}
