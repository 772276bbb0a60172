import type { HostCard } from "~/api/space/listing-page.server";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";
import { ratingSummary } from "~/utils/reviews";
import type { HostCardWords } from "./host-card";

const monthYear = new Intl.DateTimeFormat("en-PH", {
  month: "long",
  year: "numeric",
  timeZone: "Asia/Manila",
});

/**
 * The host card's words (HostCard): the host's rating, with this listing's own beside it when its reviews were
 * read (`space`), the month they joined in Manila time, and the checks they passed.
 */
export function hostCardWords(
  host: HostCard,
  space: { rating: number | null; totalNumberofReviews: number } | null,
): HostCardWords {
  return {
    name: host.name,
    photo: host.profilePic || DEFAULT_PROFILE_PHOTO,
    rating: `${space ? "Host: " : ""}${ratingSummary(host.rating, host.totalNumberofReviews)}`,
    spaceRating: space ? `This space: ${ratingSummary(space.rating, space.totalNumberofReviews)}` : null,
    memberSince: `Member since ${monthYear.format(new Date(host.memberSince))}`,
    badges: [
      host.adminVerified ? "Verified host" : null,
      host.identityVerified ? "Identity verified" : null,
      host.phoneVerified ? "Phone verified" : null,
    ].filter((badge): badge is string => badge !== null),
  };
}
