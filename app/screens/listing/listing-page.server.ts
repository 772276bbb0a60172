import type { SpaceBrief } from "~/api/space/listing-page.server";
import { type CalculatorFields, readCalculatorFields } from "~/components/listing/calculator-fields";
import { priceCalculator } from "~/components/listing/calculator-quote";
import { listingFacts } from "~/components/listing/listing-facts";
import { listingMeta } from "~/components/listing/listing-meta";
import { todayInManila } from "~/domain/dates";
import { APPROXIMATE_RADIUS_METRES } from "~/domain/geo";
import { displayUnit } from "~/domain/units";

/**
 * What the listing page's loader makes of the brief (app/routes/storage.listings.$id.($slug).tsx): the words of the
 * listing, today in Manila (the availability check's first date), the price calculator with its answer for the
 * URL's fields, the map's circle and the page's meta.
 *
 * A .server module, so that what it uses — the vocabularies, units, money, geo and pricing rules — stays out of the
 * page's JavaScript (its budget: 100 KB gzip). A module the route imports only for its loader would still be
 * bundled for the browser; a .server one is not. The browser gets the words, and the pricing (calculator-quote.ts)
 * only when the calculator is first used.
 */
export function listingPageView(
  space: SpaceBrief,
  {
    search,
    measurementUnit,
    origin,
    now = new Date(),
  }: {
    /** The page's query: the calculator's fields. */
    search: URLSearchParams;
    /** The viewer's unit for sizes (null for visitors). */
    measurementUnit: unknown;
    /** publicOrigin(request) (PUBLIC_URL): the meta's URLs are absolute. */
    origin: string;
    /** The time of the request: today in Manila is the first date to check and to start parking from. */
    now?: Date;
  },
) {
  const today = todayInManila(now);
  const fields = readCalculatorFields(search, today);
  return {
    today,
    facts: listingFacts(space, displayUnit(measurementUnit)),
    calculator: priceCalculator(space, fields),
    calculatorKeep: calculatorKeep(search, fields),
    area: space.approximateLocation
      ? { center: space.approximateLocation, radiusMetres: APPROXIMATE_RADIUS_METRES }
      : null,
    meta: listingMeta(space, origin),
  };
}

/** The calculator's query parameters that the URL has, which the availability form sends again. */
function calculatorKeep(
  search: URLSearchParams,
  fields: CalculatorFields,
): Record<string, string | string[]> {
  const keep: Record<string, string | string[]> = {};
  if (search.has("days")) keep.days = fields.days;
  if (search.has("start")) keep.start = fields.start;
  if (search.has("day")) keep.day = fields.weekdays.map(String);
  return keep;
}
