import { describe, expect, it } from "vitest";
import type { HostCard } from "~/api/space/listing-page.server";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";
import { hostCardWords } from "./host-card-words";

const HOST: HostCard = {
  userId: "host",
  name: "Maria",
  profilePic: null,
  rating: 4.5,
  totalNumberofReviews: 2,
  adminVerified: true,
  identityVerified: false,
  phoneVerified: true,
  // The last day of January in Manila, still the evening before in UTC.
  memberSince: "2026-01-31T17:00:00.000Z",
};

describe("hostCardWords", () => {
  it("says the host's rating beside the space's, the month they joined in Manila and the checks passed", () => {
    expect(hostCardWords(HOST, { rating: 5, totalNumberofReviews: 1 })).toEqual({
      name: "Maria",
      photo: DEFAULT_PROFILE_PHOTO,
      rating: "Host: ★ 4.5 · 2 reviews",
      spaceRating: "This space: ★ 5.0 · 1 review",
      memberSince: "Member since February 2026",
      badges: ["Verified host", "Phone verified"],
    });
  });

  it("says only the host's rating when the space's reviews could not be read", () => {
    const words = hostCardWords(
      { ...HOST, rating: null, totalNumberofReviews: 0, profilePic: "/p.jpg" },
      null,
    );
    expect(words).toMatchObject({ photo: "/p.jpg", rating: "No reviews yet", spaceRating: null });
  });
});
