import { type ListingStep, slugify } from "~/domain/space";
import { spaceTypeOf } from "~/domain/space-types";
import type { SpaceType } from "~/domain/vocabulary";

/**
 * The screens' addresses that other layers need to point at: a listing's public page (cards, mails, the sitemap)
 * and the steps of the list-your-space wizard. Kept out of app/domain, whose rules do not know the site's routes.
 */

/**
 * The public page of a listing: /storage/listings/{id}/{slug} or /parking/listings/{id}/{slug}. The id alone
 * identifies it; the slug only makes the link readable (a wrong or missing slug still opens the page).
 */
export function listingPath(space: {
  _id: string;
  storageType: SpaceType | null;
  spaceTitle: string | null;
}): string {
  const slug = slugify(space.spaceTitle);
  return `/${spaceTypeOf(space)}/listings/${space._id}${slug ? `/${slug}` : ""}`;
}

/** The screen of a step of a draft (a new draft when there is no id yet). */
export function stepPath(
  step: ListingStep | "confirmed" | "contract-template",
  spaceId?: string | null,
): string {
  return `/list-your-space/${step}${spaceId ? `?spaceId=${encodeURIComponent(spaceId)}` : ""}`;
}

/**
 * The move-in / move-out checklist of a booking (docs/product.md, Screens and routes:
 * bookings/deposit-management-checklist).
 */
export function depositChecklistPath(bookingId: string): string {
  return `/bookings/${bookingId}/deposit-management-checklist`;
}

/** Feedback on Space Solution's service for a booking (docs/product.md, Screens and routes: bookings/give-feedback). */
export function bookingFeedbackPath(bookingId: string): string {
  return `/bookings/${bookingId}/give-feedback`;
}

/** Giving notice on a running booking: its own page, with the end date and what will still be billed. */
export function giveNoticePath(bookingId: string): string {
  return `/bookings/${bookingId}/give-notice`;
}

/** A host's claim on a booking's deposit, opened in the resolution center with the booking and the reason chosen. */
export function depositClaimPath(bookingId: string): string {
  return `/user-profile/resolution-center/new?bookingId=${encodeURIComponent(bookingId)}&reason=damage`;
}

/** A viewing in the renter and host's conversation (where its times are chosen and changed). */
export function viewingPath(id: string): string {
  return `/messages/schedule-a-visit?viewingId=${id}`;
}
