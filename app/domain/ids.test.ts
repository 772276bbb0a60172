import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";

describe("isUuid", () => {
  it("takes a row id in either case", () => {
    expect(isUuid("0b7e4f3a-9c1d-4e2b-8a6f-5d3c2b1a0e9f")).toBe(true);
    expect(isUuid("0B7E4F3A-9C1D-4E2B-8A6F-5D3C2B1A0E9F")).toBe(true);
  });

  it("refuses anything else, whole", () => {
    expect(isUuid("")).toBe(false);
    expect(isUuid("SS-000123")).toBe(false);
    expect(isUuid("0b7e4f3a-9c1d-4e2b-8a6f-5d3c2b1a0e9")).toBe(false);
    expect(isUuid(" 0b7e4f3a-9c1d-4e2b-8a6f-5d3c2b1a0e9f")).toBe(false);
    expect(isUuid("0b7e4f3a-9c1d-4e2b-8a6f-5d3c2b1a0e9fa")).toBe(false);
    expect(isUuid("0g7e4f3a-9c1d-4e2b-8a6f-5d3c2b1a0e9f")).toBe(false);
  });
});
