import { describe, expect, it } from "vitest";
import { arrangePhotos, movePhoto, reorderPhotos } from "./photo-order";

const photos = { order: ["a", "b", "c", "d"], cover: 1 };

describe("arrangePhotos", () => {
  it("makes a photo the cover without moving it", () => {
    expect(arrangePhotos(photos, "make-cover", "d")).toEqual({ order: ["a", "b", "c", "d"], cover: 3 });
  });

  it("moves a photo one place and keeps the cover on its photo", () => {
    expect(arrangePhotos(photos, "move-left", "b")).toEqual({ order: ["b", "a", "c", "d"], cover: 0 });
    expect(arrangePhotos(photos, "move-right", "a")).toEqual({ order: ["b", "a", "c", "d"], cover: 0 });
    expect(arrangePhotos(photos, "move-right", "c")).toEqual({ order: ["a", "b", "d", "c"], cover: 1 });
  });

  it("leaves the first photo first and the last photo last", () => {
    expect(arrangePhotos(photos, "move-left", "a")).toEqual(photos);
    expect(arrangePhotos(photos, "move-right", "d")).toEqual(photos);
  });

  it("deletes a photo; the cover stays on its photo, or goes to the first when the cover is deleted", () => {
    expect(arrangePhotos(photos, "delete", "a")).toEqual({ order: ["b", "c", "d"], cover: 0 });
    expect(arrangePhotos(photos, "delete", "d")).toEqual({ order: ["a", "b", "c"], cover: 1 });
    expect(arrangePhotos(photos, "delete", "b")).toEqual({ order: ["a", "c", "d"], cover: 0 });
    expect(arrangePhotos({ order: ["a"], cover: 0 }, "delete", "a")).toEqual({ order: [], cover: 0 });
  });

  it("refuses a photo the listing does not have", () => {
    expect(arrangePhotos(photos, "delete", "x")).toBeNull();
  });

  it("reads an out-of-range cover as the first photo", () => {
    expect(arrangePhotos({ order: ["a", "b"], cover: 7 }, "move-right", "a")).toEqual({
      order: ["b", "a"],
      cover: 1,
    });
  });
});

describe("reorderPhotos", () => {
  it("takes a new order of the same photos, the cover following its photo", () => {
    expect(reorderPhotos(photos, ["d", "c", "b", "a"])).toEqual({ order: ["d", "c", "b", "a"], cover: 2 });
  });

  it("refuses an order that drops, repeats or adds a photo", () => {
    expect(reorderPhotos(photos, ["a", "b", "c"])).toBeNull();
    expect(reorderPhotos(photos, ["a", "b", "c", "c"])).toBeNull();
    expect(reorderPhotos(photos, ["a", "b", "c", "x"])).toBeNull();
  });
});

describe("movePhoto", () => {
  it("puts a photo at a position, clamped to the list", () => {
    expect(movePhoto(["a", "b", "c"], "a", 2)).toEqual(["b", "c", "a"]);
    expect(movePhoto(["a", "b", "c"], "c", 0)).toEqual(["c", "a", "b"]);
    expect(movePhoto(["a", "b", "c"], "b", 9)).toEqual(["a", "c", "b"]);
    expect(movePhoto(["a", "b", "c"], "x", 0)).toEqual(["a", "b", "c"]);
  });
});
