import { describe, expect, it } from "vitest";
import { clipAtWord } from "./listing-meta";

describe("share descriptions", () => {
  it("stay whole when short, and are cut at a word with an ellipsis when long", () => {
    expect(clipAtWord("A dry room.", 200)).toBe("A dry room.");
    const long = `${"word ".repeat(60)}end`;
    const clipped = clipAtWord(long, 200);
    expect(clipped.length).toBeLessThanOrEqual(200);
    expect(clipped.endsWith("word…")).toBe(true);
    expect(clipAtWord("Garage storage in Makati, for ₱3,000.00 a month. Dry and safe.", 30)).toBe(
      "Garage storage in Makati…",
    );
  });
});
