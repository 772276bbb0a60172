import { describe, expect, it } from "vitest";
import type { SpaceBrief } from "~/api/space/listing-page.server";
import { listingFacts } from "~/components/listing/listing-facts";
import { listingMeta } from "~/components/listing/listing-meta";
import { NO_READINESS } from "~/domain/flood-readiness";
import { APPROXIMATE_RADIUS_METRES } from "~/domain/geo";
import type { ImageView } from "~/domain/space";
import { listingPageView } from "~/screens/listing/listing-page.server";

const photo = (uploadId: string): ImageView => ({
  uploadId,
  url: `/uploads/${uploadId}.jpg`,
  width: 1600,
  height: 1200,
  variants: [],
});

/** The pricing examples' storage listing (docs/product.md): ₱3,000.00 a month for the whole room. */
const STORAGE: SpaceBrief = {
  _id: "0a7f6c1e-4d5b-4c1a-9f1e-2b3c4d5e6f70",
  storageType: "storage",
  kind: "spareRoom",
  spaceTitle: "Secure storage room in Makati",
  description: "Dry room,\n  second floor.",
  address: { city: "Makati", citySlug: "makati", barangay: "Poblacion", province: "Metro Manila" },
  size: { length: 2, width: 3, height: 2.5, area: 6, volume: 15 },
  vehicleSize: null,
  unitOfRental: null,
  rentMode: { entireSpace: true },
  unitsAvailable: 1,
  features: ["cctv", "gated", "somethingNew"],
  accessOption: "24 hours notice",
  rentalDurations: ["1_month", "3_months"],
  listingPrice: 300_000,
  pricePerSquareMeter: 50_000,
  perMonthPrice: 300_000,
  dailyPrice: null,
  depositRequired: true,
  quickMoveIn: true,
  readiness: { ...NO_READINESS, floodSafe: false },
  firstMonthDiscount: true,
  spacePhotos: [photo("a"), photo("b"), photo("c")],
  coverPhotoIndex: 1,
  floorplan: null,
  contract: { type: "standard" },
  status: "active",
  availableForRent: "available" as SpaceBrief["availableForRent"],
  approximateLocation: { latitude: 14.56, longitude: 121.03 },
  host: {
    userId: "host",
    name: "Maria",
    profilePic: null,
    rating: null,
    totalNumberofReviews: 0,
    adminVerified: false,
    identityVerified: false,
    phoneVerified: false,
    memberSince: "2026-01-01T00:00:00.000Z",
  },
  favouriteSpace: false,
  path: "/storage/listings/0a7f6c1e-4d5b-4c1a-9f1e-2b3c4d5e6f70/secure-storage-room-in-makati",
  isOwner: false,
  exactLocation: null,
  publishedAt: null,
  updatedAt: "2026-01-01T00:00:00.000Z",
  hiddenReason: null,
};

/** The pricing examples' parking listing (docs/product.md): ₱150.00 a day, ₱4,000.00 a month. */
const PARKING: SpaceBrief = {
  ...STORAGE,
  storageType: "parking",
  kind: "condo",
  spaceTitle: "Covered condo parking in BGC",
  size: null,
  vehicleSize: "suv",
  unitsAvailable: 2,
  features: ["covered"],
  listingPrice: 400_000,
  pricePerSquareMeter: null,
  dailyPrice: 15_000,
  depositRequired: false,
  quickMoveIn: false,
  firstMonthDiscount: false,
  spacePhotos: [],
  contract: { type: "uploaded" },
  path: "/parking/listings/0a7f6c1e-4d5b-4c1a-9f1e-2b3c4d5e6f70/covered-condo-parking-in-bgc",
};

describe("listingFacts", () => {
  it("puts a storage listing into words: labels, prices, size in the viewer's unit, terms, cover first", () => {
    const facts = listingFacts(STORAGE, "meter");
    expect(facts).toMatchObject({
      typeLabel: "Storage",
      typeLine: "Storage · Spare room",
      title: "Secure storage room in Makati",
      place: "Poblacion, Makati, Metro Manila",
      quickMoveIn: true,
      prices: [
        { label: "a month for the entire space", amount: "₱3,000.00" },
        { label: "a month per square meter", amount: "₱500.00" },
      ],
      features: ["CCTV", "Gated", "somethingNew"],
      description: "Dry room,\n  second floor.",
    });
    expect(Object.fromEntries(facts.facts.map((fact) => [fact.term, fact.value]))).toEqual({
      Size: "6.0 sq m · 15.0 cu m (2.0 × 3.0 × 2.5 m)",
      Access: "With 24 hours' notice",
      "Rental durations": "1 month, 3 months",
      Deposit:
        "A deposit equal to the first month's price, for bookings of 2 months or more. It is held by Space Solution and returned after move-out.",
      "First-month discount": "Half off the first month for bookings of 6 months or more.",
      "Move-in": "Quick move-in: you can move in right away.",
      Contract: "The Space Solution standard contract.",
    });
    expect(facts.photos.map((image) => image.uploadId)).toEqual(["b", "a", "c"]);
  });

  it("shows sizes and the price per area in feet for a viewer who chose feet", () => {
    const facts = listingFacts(STORAGE, "feet");
    expect(facts.prices[1]).toEqual({ label: "a month per square foot", amount: "₱46.45" });
    expect(facts.facts[0]?.value).toMatch(/sq ft · .* cu ft \(.* ft\)$/);
  });

  it("names the units of a storage listing rented by the unit", () => {
    const facts = listingFacts(
      { ...STORAGE, rentMode: { entireSpace: false }, unitOfRental: "sqm", unitsAvailable: 4 },
      "meter",
    );
    expect(facts.prices).toEqual([{ label: "a month per square meter", amount: "₱3,000.00" }]);
    expect(facts.monthlyPrice).toEqual({ label: "a month per square meter", amount: "₱3,000.00" });
    expect(facts.facts[1]).toEqual({ term: "Units for rent", value: "4" });
  });

  it("puts a parking listing into words: the day and month prices, the slots and the largest vehicle", () => {
    const facts = listingFacts(PARKING, "meter");
    expect(facts).toMatchObject({
      typeLine: "Parking · Condo",
      prices: [
        { label: "a day", amount: "₱150.00" },
        { label: "a month, every day", amount: "₱4,000.00" },
      ],
      features: ["Covered"],
      photos: [],
    });
    // The month's price, not the first row (a day's), is what the Reserve bar shows.
    expect(facts.monthlyPrice).toEqual({ label: "a month, every day", amount: "₱4,000.00" });
    expect(facts.facts.slice(0, 2)).toEqual([
      { term: "Size", value: "Fits up to: SUV or AUV" },
      { term: "Parking slots", value: "2" },
    ]);
    expect(facts.facts.find((fact) => fact.term === "Deposit")?.value).toBe("No deposit.");
    expect(facts.facts.find((fact) => fact.term === "Contract")?.value).toBe(
      "The host's own contract, shown before you book.",
    );
  });

  it("says what is not stated, and no prices while the price is not set", () => {
    const facts = listingFacts(
      {
        ...STORAGE,
        spaceTitle: " ",
        size: null,
        accessOption: null,
        rentalDurations: [],
        listingPrice: null,
      },
      "meter",
    );
    expect(facts.title).toBe("Untitled space");
    expect(facts.prices).toEqual([]);
    expect(facts.monthlyPrice).toBeNull();
    expect(facts.facts.slice(0, 3).map((fact) => fact.value)).toEqual([
      "Not stated",
      "Not stated",
      "Not stated",
    ]);
  });
});

describe("listingMeta", () => {
  const origin = "https://spacesolution.ph";
  const find = (meta: ReturnType<typeof listingMeta>, key: string) =>
    meta.find((tag) => "property" in tag && tag.property === key) ??
    meta.find((tag) => "name" in tag && tag.name === key);

  it("describes a storage listing for sharing, with its cover as a 1200 × 630 image and JSON-LD", () => {
    const meta = listingMeta(STORAGE, origin);
    const url = `${origin}${STORAGE.path}`;
    expect(meta[0]).toEqual({ title: "Secure storage room in Makati | Space Solution" });
    expect(find(meta, "og:description")).toMatchObject({
      content: "Spare room storage in Poblacion, Makati for ₱3,000.00 a month. Dry room, second floor.",
    });
    expect(find(meta, "og:url")).toMatchObject({ content: url });
    expect(find(meta, "og:image")).toMatchObject({ content: `${origin}/og/spaces/${STORAGE._id}.jpg?v=b` });
    expect(find(meta, "og:image:width")).toMatchObject({ content: "1200" });
    expect(find(meta, "og:image:height")).toMatchObject({ content: "630" });
    const jsonLd = meta.find((tag) => "script:ld+json" in tag)?.["script:ld+json" as never];
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: "Secure storage room in Makati",
      url,
      image: [`${origin}/uploads/b.jpg`],
      offers: { price: "3000.00", priceCurrency: "PHP", availability: "https://schema.org/InStock" },
    });
  });

  it("gives a parking listing's daily price, and no image without photos", () => {
    const meta = listingMeta(PARKING, origin);
    expect(find(meta, "og:description")).toMatchObject({
      content: "Condo parking in Poblacion, Makati from ₱150.00 a day. Dry room, second floor.",
    });
    expect(find(meta, "og:image")).toBeUndefined();
    expect(find(meta, "twitter:card")).toMatchObject({ content: "summary" });
  });
});

describe("listingPageView", () => {
  // 21 November 2026, 7 in the morning in Manila (23:00 the day before in UTC).
  const options = {
    measurementUnit: null,
    origin: "https://spacesolution.ph",
    now: new Date("2026-11-20T23:00:00Z"),
  };

  it("makes the facts, the calculator for the URL, the map's circle and the meta", () => {
    const view = listingPageView(STORAGE, {
      ...options,
      search: new URLSearchParams("days=45&from=2026-12-01"),
    });
    expect(view.today).toBe("2026-11-21");
    expect(view.facts.title).toBe("Secure storage room in Makati");
    expect(view.calculator?.answer).toEqual({ ok: true, text: "A stay of 45 days", price: "₱4,500.00" });
    expect(view.calculatorKeep).toEqual({ days: "45" });
    expect(view.area).toEqual({
      center: STORAGE.approximateLocation,
      radiusMetres: APPROXIMATE_RADIUS_METRES,
    });
    expect(view.meta[0]).toEqual({ title: "Secure storage room in Makati | Space Solution" });
  });

  it("keeps the parking calculator's fields for the availability form, and has no map without a location", () => {
    const view = listingPageView(
      { ...PARKING, approximateLocation: null },
      { ...options, search: new URLSearchParams("start=2026-12-01&day=1&day=2&day=9") },
    );
    expect(view.calculatorKeep).toEqual({ start: "2026-12-01", day: ["1", "2"] });
    expect(view.area).toBeNull();
  });

  it("starts the parking calculator today in Manila when the URL has no start date", () => {
    const view = listingPageView(PARKING, { ...options, search: new URLSearchParams() });
    expect(view.calculator?.fields).toEqual({ days: "30", start: "2026-11-21", weekdays: [1, 2, 3, 4, 5] });
    // A Saturday: four whole weeks after the weekend, 20 weekdays at ₱150.00.
    expect(view.calculator?.answer).toEqual({
      ok: true,
      text: "20 parking days in the 30 days from November 21, 2026",
      price: "₱3,000.00",
    });
  });

  it("shows sizes in the viewer's unit", () => {
    const view = listingPageView(STORAGE, {
      ...options,
      measurementUnit: "feet",
      search: new URLSearchParams(),
    });
    expect(view.facts.facts[0]?.value).toContain("sq ft");
  });
});
