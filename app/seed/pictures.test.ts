import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  PICTURE_HEIGHT,
  PICTURE_WIDTH,
  type Picture,
  pictureKey,
  pictureSvg,
  renderPicture,
} from "./pictures.server";

/**
 * The seed's drawn pictures: each listing's cover its own and the same on every seed, detail shots shared in a few
 * versions, only a small corner note saying it is a demo, and a real JPEG at the size the seed stores.
 */

const cover = (kind: Picture["kind"], seed: string, type: Picture["type"] = "storage"): Picture => ({
  type,
  kind,
  view: "cover",
  seed,
});

describe("the seed's pictures", () => {
  it("draws the same picture for the same listing, and another for another listing", () => {
    const room = cover("spareRoom", "Dry spare room in Makati");
    expect(pictureSvg(room)).toBe(pictureSvg({ ...room }));
    expect(pictureSvg(cover("spareRoom", "Garage in Pasig"))).not.toBe(pictureSvg(room));
    expect(pictureKey(cover("spareRoom", "Garage in Pasig"))).not.toBe(pictureKey(room));
  });

  it("shares a detail shot between listings in a few versions per type", () => {
    const keys = new Set(
      Array.from({ length: 40 }, (_, i) =>
        pictureKey({ type: "parking", kind: "condo", view: "entrance", seed: `listing ${i}` }),
      ),
    );
    expect(keys.size).toBe(2);
    expect(pictureKey({ type: "parking", kind: "mall", view: "entrance", seed: "listing 1" })).toBe(
      pictureKey({ type: "parking", kind: "condo", view: "entrance", seed: "listing 1" }),
    );
  });

  it("draws the scene of the kind of space, with only a small corner note", () => {
    const svg = (picture: Picture) => pictureSvg(picture);
    // A parking level has its bay lines; a garage its roller door; a room its boxes on a tiled or plain floor.
    expect(svg(cover("condo", "a", "parking"))).toContain('stroke-width="5"');
    expect(svg(cover("garage", "b"))).toContain('id="door"');
    expect(svg(cover("warehouseSpace", "c"))).toContain('id="floorClip"');
    for (const kind of ["spareRoom", "container", "coldStorage"] as const) {
      const drawn = svg(cover(kind, "d"));
      expect(drawn.match(/Demo photo/g)).toHaveLength(1);
      expect(drawn).toContain('font-size="22"');
      expect(drawn).not.toMatch(/Space Solution/);
    }
  });

  it("renders a JPEG of the seed's size", async () => {
    const jpeg = await renderPicture(cover("basement", "Basement in Quezon City"));
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const { width, height, format } = await sharp(jpeg).metadata();
    expect({ width, height, format }).toEqual({
      width: PICTURE_WIDTH,
      height: PICTURE_HEIGHT,
      format: "jpeg",
    });
  });
});
