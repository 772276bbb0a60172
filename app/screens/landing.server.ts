import { notFound } from "~/components/landing/not-found";
import type { SegmentCard } from "~/components/landing/segment-cards";
import { LANDINGS } from "~/content/landing";
import { findSegment, type Segment, segmentsOf } from "~/content/solutions";
import type { SpaceType } from "~/domain/vocabulary";
import { loadCities } from "./cities.server";

/**
 * The landing pages' words are made here, on the server, and sent with the page: their examples run the pricing
 * rules, and the browser of a visitor's first page need not download those rules, nor the other type's words.
 */

function cardsOf(segments: readonly Segment[]): SegmentCard[] {
  return segments.map(({ type, slug, name, summary }) => ({ type, slug, name, summary }));
}

/** /storage and /parking: the type's words, its use cases and the cities. */
export async function loadLandingPage(request: Request, type: SpaceType) {
  const { cities, toast } = await loadCities(request);
  return { landing: LANDINGS[type], segments: cardsOf(segmentsOf(type)), cities, toast };
}

/** /storage/<segment> and /parking/<segment>: the use case, the type's price lines and the other use cases. */
export async function loadSegmentPage(request: Request, type: SpaceType, slug: string | undefined) {
  const segment = findSegment(type, slug);
  if (!segment) notFound();
  const { cities, toast } = await loadCities(request);
  return {
    segment,
    pricing: LANDINGS[type].pricing,
    others: cardsOf(segmentsOf(type).filter((other) => other.slug !== segment.slug)),
    cities,
    toast,
  };
}
