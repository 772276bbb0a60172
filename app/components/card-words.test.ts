import { describe, expect, it } from "vitest";
import { NO_READINESS } from "~/domain/flood-readiness";
import type { SpaceCardView } from "~/domain/space";
import { cardWords, spaceCard } from "./card-words";

const storage: SpaceCardView = {
  _id: "s1",
  path: "/storage/listings/s1/spare-room",
  storageType: "storage",
  kind: "spareRoom",
  spaceTitle: "Spare room",
  city: "Makati",
  citySlug: "makati",
  barangay: "Poblacion",
  approximateLocation: null,
  coverPhoto: null,
  photoCount: 0,
  size: { area: 12, volume: 30 },
  vehicleSize: null,
  unitOfRental: "sqm",
  rentMode: { entireSpace: false },
  unitsAvailable: 3,
  listingPrice: 50_000,
  pricePerSquareMeter: 50_000,
  perMonthPrice: 600_000,
  dailyPrice: null,
  quickMoveIn: false,
  readiness: { ...NO_READINESS, floodSafe: false },
  firstMonthDiscount: false,
  availableForRent: "Active",
  favouriteSpace: false,
  rating: null,
  totalNumberofReviews: 0,
  publishedAt: null,
  host: { name: "Ria", profilePic: null, adminVerified: true },
};

describe("a card's words", () => {
  it("names the type and kind, the area in the viewer's unit with the units, and the price per unit", () => {
    expect(cardWords(storage, "meter")).toEqual({
      kind: "Storage · Spare room",
      size: "12.0 sq m · 3 units",
      monthly: "₱6,000.00",
      basis: " per square meter",
      daily: null,
      rating: null,
      floodSafe: null,
    });
    expect(cardWords(storage, "feet").size).toBe("129.2 sq ft · 3 units");
  });

  it("leaves out the units and the basis for an entire space, and the price when there is none", () => {
    const whole = { ...storage, rentMode: { entireSpace: true }, unitsAvailable: 1, perMonthPrice: null };
    expect(cardWords(whole, "meter")).toMatchObject({ size: "12.0 sq m", monthly: null, basis: "" });
  });

  it("gives parking the largest vehicle, the slots and the daily price", () => {
    const parking: SpaceCardView = {
      ...storage,
      storageType: "parking",
      kind: "condo",
      size: null,
      vehicleSize: "suv",
      unitOfRental: null,
      rentMode: { entireSpace: false },
      unitsAvailable: 2,
      perMonthPrice: 450_000,
      dailyPrice: 25_000,
    };
    expect(cardWords(parking, "meter")).toEqual({
      kind: "Parking · Condo",
      size: "Fits up to: SUV or AUV · 2 slots",
      monthly: "₱4,500.00",
      basis: "",
      daily: "₱250.00",
      rating: null,
      floodSafe: null,
    });
  });

  it("gives a Flood-safe listing its badge with the facts behind it", () => {
    const safe = {
      ...storage,
      readiness: { ...NO_READINESS, floodHistory: "never" as const, elevationM: 1.5, floodSafe: true },
    };
    expect(cardWords(safe, "meter").floodSafe).toBe("Never flooded · 1.5 m above the street");
  });

  it("says what renters said once there is a shown review, in the listing page's words", () => {
    expect(cardWords({ ...storage, rating: 4.7, totalNumberofReviews: 3 }, "meter").rating).toBe(
      "★ 4.7 · 3 reviews",
    );
    expect(cardWords({ ...storage, rating: 5, totalNumberofReviews: 1 }, "meter").rating).toBe(
      "★ 5.0 · 1 review",
    );
  });

  it("keeps what a card shows and what places it on a map, and leaves the rest of the API's card out", () => {
    const card: SpaceCardView = {
      ...storage,
      approximateLocation: { latitude: 14.56, longitude: 121.03 },
      coverPhoto: {
        uploadId: "upload-1",
        url: "/uploads/a/image.jpg",
        width: 1280,
        height: 960,
        variants: [{ width: 320, url: "/uploads/a/w320.webp" }],
      },
      quickMoveIn: true,
    };
    expect(spaceCard(card, "meter")).toEqual({
      _id: "s1",
      path: "/storage/listings/s1/spare-room",
      storageType: "storage",
      spaceTitle: "Spare room",
      city: "Makati",
      barangay: "Poblacion",
      approximateLocation: { latitude: 14.56, longitude: 121.03 },
      coverPhoto: {
        url: "/uploads/a/image.jpg",
        width: 1280,
        height: 960,
        variants: [{ width: 320, url: "/uploads/a/w320.webp" }],
      },
      perMonthPrice: 600_000,
      quickMoveIn: true,
      firstMonthDiscount: false,
      favouriteSpace: false,
      words: cardWords(card, "meter"),
      // The host as the card shows them: no photo yet is the default one.
      host: { name: "Ria", photo: "/images/default-profile.svg", verified: true },
    });
  });
});
