import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { spaceCard } from "~/components/card-words";
import { NO_READINESS } from "~/domain/flood-readiness";
import type { SpaceCardView } from "~/domain/space";
import { SpaceCard } from "./space-card";

/** A result card as the server renders it: what a page without JavaScript gets. */

const space = (overrides: Partial<SpaceCardView>): SpaceCardView => ({
  _id: "a",
  path: "/storage/listings/a/dry-room",
  storageType: "storage",
  kind: "spareRoom",
  spaceTitle: "Dry room",
  city: "Makati",
  citySlug: "makati",
  barangay: "Poblacion",
  approximateLocation: null,
  coverPhoto: null,
  photoCount: 0,
  size: { area: 9, volume: 22.5 },
  vehicleSize: null,
  unitOfRental: null,
  rentMode: { entireSpace: true },
  unitsAvailable: 1,
  listingPrice: 300_000,
  pricePerSquareMeter: null,
  perMonthPrice: 300_000,
  dailyPrice: null,
  quickMoveIn: false,
  readiness: { ...NO_READINESS, floodSafe: false },
  firstMonthDiscount: false,
  availableForRent: "Active",
  favouriteSpace: false,
  rating: null,
  totalNumberofReviews: 0,
  publishedAt: null,
  host: { name: "Ria", profilePic: null, adminVerified: false },
  ...overrides,
});

const html = (card: SpaceCardView) =>
  renderToStaticMarkup(
    <StaticRouter location="/">
      <SpaceCard space={spaceCard(card, "meter")} />
    </StaticRouter>,
  );

describe("a result card's rating", () => {
  it("shows the listing's average and count once it has reviews, as its page does", () => {
    expect(html(space({ rating: 4.7, totalNumberofReviews: 3 }))).toContain(
      '<span data-testid="space-card-rating">★ 4.7 · 3 reviews</span>',
    );
    expect(html(space({ rating: 5, totalNumberofReviews: 1 }))).toContain("★ 5.0 · 1 review<");
  });

  it("says nothing before the first review, so the card stays short", () => {
    const card = html(space({}));
    expect(card).not.toContain("space-card-rating");
    expect(card).not.toContain("No reviews yet");
    expect(card).toContain("Dry room");
  });
});

describe("a result card's host and link", () => {
  it("names the host, with the verified badge only for a host Space Solution verified", () => {
    const plain = html(space({}));
    expect(plain).toContain('<span class="font-semibold text-slate-900">Ria</span>');
    expect(plain).not.toContain("verified-badge");
    const verified = html(
      space({ host: { name: "Ria", profilePic: "/uploads/r/ria.jpg", adminVerified: true } }),
    );
    expect(verified).toContain('data-testid="verified-badge">');
    expect(verified).toContain('src="/uploads/r/ria.jpg"');
  });

  it("is one link, to the listing, so the whole card is one tap target", () => {
    const links = html(space({ quickMoveIn: true })).match(/<a /g) ?? [];
    expect(links).toHaveLength(1);
    expect(html(space({}))).toContain('href="/storage/listings/a/dry-room"');
  });
});
