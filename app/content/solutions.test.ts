import { describe, expect, it } from "vitest";
import { isKindFor } from "~/domain/vocabulary";
import {
  findSegment,
  SEGMENTS,
  segmentPath,
  segmentsOf,
  solutionRedirects,
  solutionTarget,
} from "./solutions";

describe("segments", () => {
  it("has the storage use cases and monthly parking at the product's parking/full-month", () => {
    expect(segmentsOf("storage").map(segmentPath)).toEqual([
      "/storage/household",
      "/storage/business",
      "/storage/balikbayan-boxes",
      "/storage/student",
    ]);
    expect(segmentsOf("parking").map(segmentPath)).toEqual(["/parking/full-month"]);
  });

  it("finds a segment by type and slug only", () => {
    expect(findSegment("storage", "household")?.name).toBe("Household storage");
    expect(findSegment("parking", "full-month")?.name).toBe("Monthly parking");
    expect(findSegment("parking", "household")).toBeUndefined();
    expect(findSegment("storage", "full-month")).toBeUndefined();
    expect(findSegment("storage", "listings")).toBeUndefined();
    expect(findSegment("storage", undefined)).toBeUndefined();
  });

  it("names only kinds of space its type has, and no slug twice", () => {
    for (const segment of SEGMENTS) {
      for (const kind of segment.kinds)
        expect(isKindFor(segment.type, kind), `${segment.slug}: ${kind}`).toBe(true);
    }
    const paths = SEGMENTS.map(segmentPath);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe("solution redirects", () => {
  it("sends each old solution page to its segment", () => {
    expect(solutionTarget("household-storage")).toBe("/storage/household");
    expect(solutionTarget("business-storage")).toBe("/storage/business");
    expect(solutionTarget("balikbayan-box-storage")).toBe("/storage/balikbayan-boxes");
    expect(solutionTarget("student-storage")).toBe("/storage/student");
    expect(solutionTarget("monthly-parking")).toBe("/parking/full-month");
    expect(solutionTarget("long-term-parking")).toBe("/parking/full-month");
  });

  it("knows no other solution", () => {
    expect(solutionTarget("space-travel")).toBeUndefined();
    expect(solutionTarget("")).toBeUndefined();
    expect(solutionTarget(undefined)).toBeUndefined();
    expect(solutionTarget("household")).toBeUndefined();
  });

  it("lists every solution once, each leading to a segment page", () => {
    const redirects = solutionRedirects();
    const from = redirects.map((redirect) => redirect.from);
    expect(new Set(from).size).toBe(from.length);
    expect(redirects.length).toBe(SEGMENTS.reduce((sum, segment) => sum + segment.solutions.length, 0));
    for (const { from: path, to } of redirects) {
      expect(path).toMatch(/^\/solutions\/[a-z0-9-]+$/);
      expect(SEGMENTS.map(segmentPath)).toContain(to);
    }
  });
});
