import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  area,
  areaFromMeters,
  areaToMeters,
  CUBIC_FEET_PER_CUBIC_METER,
  dimensionsFromMeters,
  dimensionsToMeters,
  displayUnit,
  FEET_PER_METER,
  formatArea,
  formatDimensions,
  formatLength,
  formatVolume,
  fromMeters,
  NO_VALUE,
  SQUARE_FEET_PER_SQUARE_METER,
  toMeters,
  volume,
  volumeFromMeters,
  volumeToMeters,
} from "./units";
import { LENGTH_UNITS } from "./vocabulary";

/** |actual − expected| ≤ 1e-9 × |expected| (or 1e-12 absolute near zero). */
function expectClose(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.max(1e-9 * Math.abs(expected), 1e-12));
}

const sizes = fc.double({ min: 1e-6, max: 1e6, noNaN: true });
const units = fc.constantFrom(...LENGTH_UNITS);

describe("constants (docs/product.md, Constants)", () => {
  it("uses the product's numbers", () => {
    expect(FEET_PER_METER).toBe(3.2808399);
    expect(SQUARE_FEET_PER_SQUARE_METER).toBe(10.764);
    expectClose(CUBIC_FEET_PER_CUBIC_METER, 3.2808399 * 3.2808399 * 3.2808399);
    expectClose(CUBIC_FEET_PER_CUBIC_METER, 35.314666882523476);
  });

  it("1 m = 3.2808399 ft, 1 sq m = 10.764 sq ft", () => {
    expect(fromMeters(1, "feet")).toBe(3.2808399);
    expect(toMeters(3.2808399, "feet")).toBe(1);
    expect(areaFromMeters(1, "feet")).toBe(10.764);
    expect(areaToMeters(10.764, "feet")).toBe(1);
    expectClose(volumeFromMeters(1, "feet"), 35.314666882523476);
  });

  it("leaves meters alone", () => {
    expect(toMeters(2.5, "meter")).toBe(2.5);
    expect(fromMeters(2.5, "meter")).toBe(2.5);
    expect(areaFromMeters(6, "meter")).toBe(6);
    expect(areaToMeters(6, "meter")).toBe(6);
    expect(volumeFromMeters(15, "meter")).toBe(15);
    expect(volumeToMeters(15, "meter")).toBe(15);
  });
});

describe("round trips within 1e-9 relative error", () => {
  it("lengths", () => {
    fc.assert(
      fc.property(sizes, units, (x, unit) => {
        expectClose(toMeters(fromMeters(x, unit), unit), x);
        expectClose(fromMeters(toMeters(x, unit), unit), x);
      }),
    );
  });

  it("areas", () => {
    fc.assert(
      fc.property(sizes, units, (x, unit) => {
        expectClose(areaToMeters(areaFromMeters(x, unit), unit), x);
        expectClose(areaFromMeters(areaToMeters(x, unit), unit), x);
      }),
    );
  });

  it("volumes", () => {
    fc.assert(
      fc.property(sizes, units, (x, unit) => {
        expectClose(volumeToMeters(volumeFromMeters(x, unit), unit), x);
        expectClose(volumeFromMeters(volumeToMeters(x, unit), unit), x);
      }),
    );
  });

  it("dimensions", () => {
    fc.assert(
      fc.property(sizes, sizes, sizes, units, (length, width, height, unit) => {
        const back = dimensionsToMeters(dimensionsFromMeters({ length, width, height }, unit), unit);
        expectClose(back.length, length);
        expectClose(back.width, width);
        expectClose(back.height, height);
      }),
    );
  });

  it("a volume in cubic feet is the cube of the lengths in feet", () => {
    fc.assert(
      fc.property(sizes, (x) => {
        expectClose(volumeFromMeters(x ** 3, "feet"), fromMeters(x, "feet") ** 3);
      }),
    );
  });
});

describe("a 2 m × 3 m × 2.5 m room", () => {
  const room = { length: 2, width: 3, height: 2.5 };

  it("is 6 sq m = 64.58 sq ft of floor and 15 cu m", () => {
    expect(area(room)).toBe(6);
    expect(volume(room)).toBe(15);
    expectClose(areaFromMeters(area(room), "feet"), 64.584);
    expect(areaFromMeters(area(room), "feet").toFixed(2)).toBe("64.58");
    expectClose(volumeFromMeters(volume(room), "feet"), 15 * 35.314666882523476);
  });

  it("measured in feet gives the same meters, area and volume", () => {
    const inFeet = { length: 2 * FEET_PER_METER, width: 3 * FEET_PER_METER, height: 2.5 * FEET_PER_METER };
    const meters = dimensionsToMeters(inFeet, "feet");
    expectClose(meters.length, 2);
    expectClose(meters.width, 3);
    expectClose(meters.height, 2.5);
    expectClose(area(meters), 6);
    expectClose(volume(meters), 15);
    expect(dimensionsToMeters(room, "meter")).toEqual(room);
  });

  it("shows in the user's unit", () => {
    expect(formatArea(area(room), "meter")).toBe("6.0 sq m");
    expect(formatArea(area(room), "feet")).toBe("64.6 sq ft");
    expect(formatVolume(volume(room), "meter")).toBe("15.0 cu m");
    expect(formatVolume(volume(room), "feet")).toBe("529.7 cu ft");
    expect(formatDimensions(room, "meter")).toBe("2.0 × 3.0 × 2.5 m");
    expect(formatDimensions(room, "feet")).toBe("6.6 × 9.8 × 8.2 ft");
  });
});

describe("display", () => {
  it("formats lengths, areas and volumes with one decimal and a symbol", () => {
    expect(formatLength(2.5, "meter")).toBe("2.5 m");
    expect(formatLength(2.5, "feet")).toBe("8.2 ft");
    expect(formatArea(12, "meter")).toBe("12.0 sq m");
    expect(formatArea(12, "feet")).toBe("129.2 sq ft");
    expect(formatVolume(30, "meter")).toBe("30.0 cu m");
    expect(formatVolume(30, "feet")).toBe("1,059.4 cu ft");
  });

  it("groups thousands, rounds halves up and never shows -0.0", () => {
    expect(formatArea(1234.56, "meter")).toBe("1,234.6 sq m");
    expect(formatLength(8.05, "meter")).toBe("8.1 m");
    expect(formatLength(1.25, "meter")).toBe("1.3 m");
    expect(formatLength(0, "feet")).toBe("0.0 ft");
    expect(formatLength(-0.01, "meter")).toBe("0.0 m");
    expect(formatLength(-1.5, "meter")).toBe("-1.5 m");
  });

  it("takes another number of decimals when asked", () => {
    expect(formatArea(6, "feet", 2)).toBe("64.58 sq ft");
    expect(formatLength(2.5, "feet", 0)).toBe("8 ft");
    expect(formatDimensions({ length: 2, width: 3, height: 2.5 }, "meter", 0)).toBe("2 × 3 × 3 m");
  });

  it("shows a dash for a number that is not finite", () => {
    expect(formatLength(Number.NaN, "meter")).toBe(NO_VALUE);
    expect(formatArea(Number.POSITIVE_INFINITY, "feet")).toBe(NO_VALUE);
    expect(formatVolume(Number.NEGATIVE_INFINITY, "meter")).toBe(NO_VALUE);
    expect(formatDimensions({ length: 1, width: Number.NaN, height: 1 }, "meter")).toBe(NO_VALUE);
  });

  it("picks the display unit from a user's measurementUnit, meters by default", () => {
    expect(displayUnit("feet")).toBe("feet");
    expect(displayUnit("meter")).toBe("meter");
    expect(displayUnit(undefined)).toBe("meter");
    expect(displayUnit(null)).toBe("meter");
    expect(displayUnit("inch")).toBe("meter");
  });
});
