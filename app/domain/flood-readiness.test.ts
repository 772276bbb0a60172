import { describe, expect, it } from "vitest";
import { isFloodSafe, NO_READINESS, readinessFactLabels } from "./flood-readiness";

const storage = { ...NO_READINESS, storageType: "storage" as const };
const parking = { ...NO_READINESS, storageType: "parking" as const };

describe("isFloodSafe", () => {
  it("takes storage that flooded never or once and is 1 m up or raised", () => {
    expect(isFloodSafe({ ...storage, floodHistory: "never", elevationM: 1 })).toBe(true);
    expect(isFloodSafe({ ...storage, floodHistory: "once", elevationM: 3.5 })).toBe(true);
    expect(isFloodSafe({ ...storage, floodHistory: "never", elevationM: 0, raisedStorage: true })).toBe(true);
  });

  it("refuses storage that is low and on the floor, floods more often, or did not say", () => {
    expect(isFloodSafe({ ...storage, floodHistory: "never", elevationM: 0.99 })).toBe(false);
    expect(isFloodSafe({ ...storage, floodHistory: "never" })).toBe(false);
    expect(isFloodSafe({ ...storage, floodHistory: "more", elevationM: 10, raisedStorage: true })).toBe(
      false,
    );
    expect(isFloodSafe({ ...storage, elevationM: 10, raisedStorage: true })).toBe(false);
  });

  it("takes parking above the flood line only, whatever its elevation", () => {
    expect(isFloodSafe({ ...parking, floodHistory: "once", aboveFloodLine: true })).toBe(true);
    expect(isFloodSafe({ ...parking, floodHistory: "never", elevationM: 5 })).toBe(false);
    expect(isFloodSafe({ ...parking, floodHistory: "never", raisedStorage: true })).toBe(false);
    expect(isFloodSafe({ ...parking, floodHistory: "more", aboveFloodLine: true })).toBe(false);
  });

  it("refuses a draft without a type", () => {
    expect(isFloodSafe({ ...NO_READINESS, storageType: null, floodHistory: "never", elevationM: 2 })).toBe(
      false,
    );
  });
});

describe("readinessFactLabels", () => {
  it("says the facts, reusing CCTV, guard and covered from the features", () => {
    expect(
      readinessFactLabels({
        ...parking,
        floodHistory: "never",
        elevationM: 2.25,
        aboveFloodLine: true,
        backupPower: true,
        features: ["covered", "cctv", "securityGuard"],
      }),
    ).toEqual([
      "Never flooded",
      "2.3 m above the street",
      "Above the flood line",
      "Covered",
      "Backup power",
      "CCTV",
      "Security guard",
    ]);
  });

  it("leaves out what a listing did not state", () => {
    expect(readinessFactLabels({ ...storage, features: [] })).toEqual([]);
  });
});
