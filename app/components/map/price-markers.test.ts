import { describe, expect, it } from "vitest";
import type { SpaceCardView } from "~/domain/space";
import { markerPrice, priceMarkers } from "./price-markers";

describe("the map's markers", () => {
  const card = (overrides: Partial<SpaceCardView>): SpaceCardView =>
    ({
      _id: "a",
      path: "/storage/listings/a/room",
      spaceTitle: "Room",
      approximateLocation: { latitude: 14.55, longitude: 121.02 },
      perMonthPrice: 300_000,
      ...overrides,
    }) as SpaceCardView;

  it("labels each listing with a point with its monthly price in whole pesos (or View) and links to its page", () => {
    expect(
      priceMarkers([
        card({}),
        card({ _id: "b", path: "/p/b", perMonthPrice: 299_950 }),
        card({ _id: "c", approximateLocation: null }),
        card({ _id: "d", path: "/p/d", perMonthPrice: null }),
      ]),
    ).toEqual([
      {
        id: "a",
        latitude: 14.55,
        longitude: 121.02,
        label: "₱3,000",
        href: "/storage/listings/a/room",
        title: "Room",
      },
      { id: "b", latitude: 14.55, longitude: 121.02, label: "₱3,000", href: "/p/b", title: "Room" },
      { id: "d", latitude: 14.55, longitude: 121.02, label: "View", href: "/p/d", title: "Room" },
    ]);
  });
});

describe("map markers", () => {
  it("show whole pesos", () => {
    expect(markerPrice(300_000)).toBe("₱3,000");
    expect(markerPrice(299_950)).toBe("₱3,000");
    expect(markerPrice(12_345_678)).toBe("₱123,457");
  });
});
