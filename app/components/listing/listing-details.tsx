import type { ListingDetailsData } from "~/domain/space";
import type { LengthUnit } from "~/domain/vocabulary";
import { listingFacts } from "./listing-facts";
import { ListingSummary } from "./listing-summary";

/**
 * What renters see of a listing (ListingSummary), for a page that has the listing itself, such as the list-your-space
 * preview: it makes the words with listingFacts where it renders. The public listing page makes them in its loader
 * and renders ListingSummary, so its JavaScript carries no vocabularies, units or pricing rules.
 */
export function ListingDetails({
  space,
  unit,
  titleAs = "h1",
}: {
  space: ListingDetailsData;
  unit: LengthUnit;
  /** The title's heading level: h1 on the listing page, h2 where the page has its own h1 (the preview). */
  titleAs?: "h1" | "h2";
}) {
  return <ListingSummary facts={listingFacts(space, unit)} titleAs={titleAs} />;
}
