import { describe, expect, it } from "vitest";
import { listingPath, stepPath } from "./site-paths";

describe("site paths", () => {
  it("links a listing by its id, with a readable slug", () => {
    expect(listingPath({ _id: "id-1", storageType: "parking", spaceTitle: "Condo slot" })).toBe(
      "/parking/listings/id-1/condo-slot",
    );
    expect(listingPath({ _id: "id-2", storageType: "storage", spaceTitle: null })).toBe(
      "/storage/listings/id-2",
    );
  });

  it("links a step of a draft", () => {
    expect(stepPath("location")).toBe("/list-your-space/location");
    expect(stepPath("deposit", "abc")).toBe("/list-your-space/deposit?spaceId=abc");
  });
});
