import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  APPROXIMATE_RADIUS_METRES,
  approximate,
  boundsContain,
  distanceMetres,
  formatBounds,
  isInPhilippines,
  isValidBounds,
  MANILA,
  normalizeBounds,
  PHILIPPINES_BOUNDS,
  PHILIPPINES_CENTER,
  parseBounds,
  roundCoordinate,
} from "./geo";

describe("isInPhilippines", () => {
  it.each([
    ["Manila", 14.5896, 120.9812],
    ["Cebu City", 10.3157, 123.8854],
    ["Davao City", 7.1907, 125.4553],
    ["Basco, Batanes", 20.4487, 121.9702],
    ["Bongao, Tawi-Tawi", 5.0292, 119.7731],
    ["Puerto Princesa, Palawan", 9.7392, 118.7353],
    ["the box's south-west corner", 4.2, 116.0],
    ["the box's north-east corner", 21.5, 127.0],
  ])("accepts %s", (_name, lat, lng) => {
    expect(isInPhilippines(lat, lng)).toBe(true);
  });

  it.each([
    ["Singapore", 1.3521, 103.8198],
    ["Taipei", 25.033, 121.5654],
    ["Guam", 13.4443, 144.7937],
    ["Ho Chi Minh City", 10.8231, 106.6297],
    ["(0, 0)", 0, 0],
    ["a longitude typed for a latitude", 121.0, 14.5],
    ["just south of the box", 4.19, 120],
    ["just east of the box", 12, 127.01],
    ["NaN", Number.NaN, 121],
  ])("refuses %s", (_name, lat, lng) => {
    expect(isInPhilippines(lat, lng)).toBe(false);
  });

  it("holds the country's centre and Manila", () => {
    expect(isInPhilippines(PHILIPPINES_CENTER.latitude, PHILIPPINES_CENTER.longitude)).toBe(true);
    expect(isInPhilippines(MANILA.latitude, MANILA.longitude)).toBe(true);
  });
});

describe("roundCoordinate", () => {
  it("keeps 6 decimals by default", () => {
    expect(roundCoordinate(14.58961234)).toBe(14.589612);
    expect(roundCoordinate(120.9812345678)).toBe(120.981235);
    expect(roundCoordinate(-7.0000004)).toBe(-7);
  });

  it("takes the number of decimals", () => {
    expect(roundCoordinate(14.589616, 5)).toBe(14.58962);
    expect(roundCoordinate(121.5, 0)).toBe(122);
  });

  it("never gives -0", () => {
    expect(Object.is(roundCoordinate(-0.0000001), 0)).toBe(true);
  });

  it("is never more than half a unit of the last decimal away", () => {
    fc.assert(
      fc.property(fc.double({ min: -180, max: 180, noNaN: true }), fc.integer({ min: 0, max: 8 }), (v, d) => {
        expect(Math.abs(roundCoordinate(v, d) - v)).toBeLessThanOrEqual(0.5 * 10 ** -d + 1e-12);
      }),
    );
  });
});

describe("parseBounds and formatBounds", () => {
  it("reads south,west,north,east", () => {
    expect(parseBounds("14.5,120.9,14.7,121.1")).toEqual({
      south: 14.5,
      west: 120.9,
      north: 14.7,
      east: 121.1,
    });
    expect(parseBounds(" 14.5 , 120.9, 14.7 ,121.1 ")).toEqual({
      south: 14.5,
      west: 120.9,
      north: 14.7,
      east: 121.1,
    });
    expect(parseBounds("-10,-20,10,20")).toEqual({ south: -10, west: -20, north: 10, east: 20 });
  });

  it("rounds what it reads to 5 decimals", () => {
    expect(parseBounds("14.123456,120.123454,14.2,121")).toEqual({
      south: 14.12346,
      west: 120.12345,
      north: 14.2,
      east: 121,
    });
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["14.5,120.9,14.7"],
    ["14.5,120.9,14.7,121.1,5"],
    ["14.5,120.9,,121.1"],
    ["a,b,c,d"],
    ["14.5,120.9,14.7,1e2"],
    ["14.5,120.9,14.7,Infinity"],
    ["0x10,120.9,14.7,121.1"],
    ["14.7,120.9,14.5,121.1"], // south above north
    ["14.5,121.1,14.7,120.9"], // west east of east
    ["-91,120,14,121"],
    ["14,120,91,121"],
    ["14,-181,15,121"],
    ["14,120,15,180.5"],
  ])("refuses %j", (text) => {
    expect(parseBounds(text)).toBeNull();
  });

  it("writes bounds with at most 5 decimals", () => {
    expect(formatBounds({ south: 14.5, west: 120.9, north: 14.7, east: 121.1 })).toBe(
      "14.5,120.9,14.7,121.1",
    );
    expect(formatBounds({ south: 14.123456, west: 120.000001, north: 14.2, east: 121 })).toBe(
      "14.12346,120,14.2,121",
    );
  });

  it("refuses to write bounds that are out of order, out of range or not numbers", () => {
    expect(formatBounds({ south: 15, west: 120, north: 14, east: 121 })).toBeNull();
    expect(formatBounds({ south: 14, west: 122, north: 15, east: 121 })).toBeNull();
    expect(formatBounds({ south: -95, west: 120, north: 14, east: 121 })).toBeNull();
    expect(formatBounds({ south: 14, west: 120, north: 15, east: Number.NaN })).toBeNull();
  });

  it("round-trips any valid bounds", () => {
    const lat = fc.double({ min: -90, max: 90, noNaN: true });
    const lng = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(
      fc.property(lat, lat, lng, lng, (a, b, c, d) => {
        const bounds = {
          south: Math.min(a, b),
          north: Math.max(a, b),
          west: Math.min(c, d),
          east: Math.max(c, d),
        };
        const text = formatBounds(bounds);
        expect(text).not.toBeNull();
        const parsed = parseBounds(text);
        expect(parsed).toEqual(normalizeBounds(bounds));
        expect(formatBounds(parsed as NonNullable<typeof parsed>)).toBe(text);
      }),
    );
  });

  it("clamps what a map zoomed far out reports into the world", () => {
    const bounds = normalizeBounds({ south: -95.1234567, west: -200, north: 91, east: 250 });
    expect(bounds).toEqual({ south: -90, west: -180, north: 90, east: 180 });
    expect(isValidBounds(bounds)).toBe(true);
  });
});

describe("boundsContain", () => {
  it("includes the edges", () => {
    const bounds = { south: 14, west: 120, north: 15, east: 121 };
    expect(boundsContain(bounds, 14, 120)).toBe(true);
    expect(boundsContain(bounds, 14.5, 120.5)).toBe(true);
    expect(boundsContain(bounds, 15.0001, 120.5)).toBe(false);
    expect(boundsContain(PHILIPPINES_BOUNDS, MANILA.latitude, MANILA.longitude)).toBe(true);
  });
});

describe("distanceMetres", () => {
  it("measures known distances", () => {
    expect(distanceMetres(MANILA, MANILA)).toBe(0);
    // One degree of latitude is about 111.2 km on the mean sphere.
    expect(distanceMetres({ latitude: 14, longitude: 121 }, { latitude: 15, longitude: 121 })).toBeCloseTo(
      111_195,
      -1,
    );
    // Manila to Cebu City is about 570 km as the crow flies.
    const cebu = { latitude: 10.3157, longitude: 123.8854 };
    expect(distanceMetres(MANILA, cebu) / 1000).toBeGreaterThan(560);
    expect(distanceMetres(MANILA, cebu) / 1000).toBeLessThan(580);
  });
});

describe("approximate", () => {
  it("always gives the same point for the same seed", () => {
    const first = approximate(14.5896, 120.9812, "listing-42");
    expect(approximate(14.5896, 120.9812, "listing-42")).toEqual(first);
    expect(approximate(14.5896, 120.9812, 42)).toEqual(approximate(14.5896, 120.9812, "42"));
  });

  it("gives different points for different seeds", () => {
    const points = new Set(
      ["a", "b", "c", "1", "2", "3", "0b0c0d0e-0000-4000-8000-000000000001"].map((seed) =>
        JSON.stringify(approximate(14.5896, 120.9812, seed)),
      ),
    );
    expect(points.size).toBe(7);
  });

  it("moves the point by 100 to 300 m, rounded to 5 decimals", () => {
    fc.assert(
      fc.property(
        fc.double({ min: PHILIPPINES_BOUNDS.south, max: PHILIPPINES_BOUNDS.north, noNaN: true }),
        fc.double({ min: PHILIPPINES_BOUNDS.west, max: PHILIPPINES_BOUNDS.east, noNaN: true }),
        fc.string(),
        (lat, lng, seed) => {
          const point = approximate(lat, lng, seed);
          const moved = distanceMetres({ latitude: lat, longitude: lng }, point);
          expect(moved).toBeLessThanOrEqual(APPROXIMATE_RADIUS_METRES);
          expect(moved).toBeGreaterThanOrEqual(98);
          expect(roundCoordinate(point.latitude, 5)).toBe(point.latitude);
          expect(roundCoordinate(point.longitude, 5)).toBe(point.longitude);
        },
      ),
    );
  });

  it("spreads the directions around the compass", () => {
    const quadrants = new Set<string>();
    for (let id = 0; id < 40; id++) {
      const point = approximate(14.5, 121, `space-${id}`);
      quadrants.add(`${point.latitude > 14.5 ? "N" : "S"}${point.longitude > 121 ? "E" : "W"}`);
    }
    expect(quadrants.size).toBe(4);
  });
});
