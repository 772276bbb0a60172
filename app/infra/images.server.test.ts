import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  detectImageFormat,
  IMAGE_ONLY_MESSAGE,
  ImageRejectedError,
  jpegQuality,
  MAX_IMAGE_SIDE,
  NO_IMAGE_MESSAGE,
  processImage,
  TOO_MANY_PIXELS_MESSAGE,
  variantWidths,
} from "./images.server";
import { pngClaiming } from "./images.testing";

/** Every image here is made by sharp in the test: no binary fixtures. */
function solid(width: number, height: number, background = "#2a6fb5", channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background } });
}

/** A photo as a phone takes it: sideways (EXIF orientation 6), with the camera's make and a GPS position. */
async function phonePhoto(): Promise<Buffer> {
  return solid(400, 200)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Acme", Model: "Phone 9", Copyright: "Carla Mendoza" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "14/1 35/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "120/1 59/1 0/1",
      },
    })
    .jpeg()
    .toBuffer();
}

/** Whether an EXIF block points at a GPS directory (tag 0x8825, in either byte order). */
function hasGpsDirectory(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

describe("judging an upload by its bytes", () => {
  it("knows JPEG and PNG by their first bytes, whatever the file is called", async () => {
    expect(detectImageFormat(await solid(2, 2).jpeg().toBuffer())).toBe("jpeg");
    expect(detectImageFormat(await solid(2, 2).png().toBuffer())).toBe("png");
    expect(detectImageFormat(await solid(2, 2).webp().toBuffer())).toBeNull();
    expect(detectImageFormat(await solid(2, 2).gif().toBuffer())).toBeNull();
    expect(detectImageFormat(Buffer.from("hello, this is text pretending to be photo.jpg"))).toBeNull();
    expect(detectImageFormat(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it("refuses a text file named .jpg, a GIF and a WebP with the product's message", async () => {
    for (const bytes of [
      Buffer.from("just some text, not a photo"),
      await solid(10, 10).gif().toBuffer(),
      await solid(10, 10).webp().toBuffer(),
    ]) {
      expect((await rejection(processImage(bytes))).message).toBe(IMAGE_ONLY_MESSAGE);
    }
  });

  it("refuses bytes that start like a JPEG or PNG but are not one", async () => {
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("x".repeat(200))]);
    expect((await rejection(processImage(fakeJpeg))).message).toBe(IMAGE_ONLY_MESSAGE);
    const png = await solid(20, 20).png().toBuffer();
    const truncated = png.subarray(0, 40);
    expect((await rejection(processImage(truncated))).message).toBe(IMAGE_ONLY_MESSAGE);
  });

  it("asks for an image when the file is empty", async () => {
    expect((await rejection(processImage(new Uint8Array()))).message).toBe(NO_IMAGE_MESSAGE);
  });

  it("refuses a decompression bomb from its header, without decoding it", async () => {
    const bomb = await pngClaiming(50_000, 50_000);
    // How fast the header is refused is measured by the bench (npm run bench -- --only image), not asserted here.
    expect((await rejection(processImage(bomb))).message).toBe(TOO_MANY_PIXELS_MESSAGE);
    // Just over the limit is refused too; claiming a size within it, the 1-pixel data is simply broken.
    expect((await rejection(processImage(await pngClaiming(8193, 8192)))).message).toBe(
      TOO_MANY_PIXELS_MESSAGE,
    );
    expect((await rejection(processImage(await pngClaiming(3000, 3000)))).message).toBe(IMAGE_ONLY_MESSAGE);
  });
});

describe("processing an image", () => {
  it("turns a PNG into a JPEG at most 2048 px long, with WebP renditions at 320, 640 and 1280", async () => {
    const png = await solid(3000, 1200).png().toBuffer();
    const image = await processImage(png);
    expect(image.sourceFormat).toBe("png");
    expect(image.main.contentType).toBe("image/jpeg");
    expect([image.main.width, image.main.height]).toEqual([MAX_IMAGE_SIDE, 819]);
    expect(detectImageFormat(image.main.bytes)).toBe("jpeg");
    const mainMeta = await sharp(image.main.bytes).metadata();
    expect([mainMeta.format, mainMeta.width, mainMeta.height]).toEqual(["jpeg", 2048, 819]);
    expect(image.variants.map((variant) => variant.width)).toEqual([320, 640, 1280]);
    for (const variant of image.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(variant.contentType).toBe("image/webp");
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(Math.round((variant.width * 1200) / 3000));
    }
  });

  it("keeps the size of an image that is small enough, and never upscales a rendition", async () => {
    const image = await processImage(await solid(500, 300).jpeg().toBuffer());
    expect([image.main.width, image.main.height]).toEqual([500, 300]);
    expect(image.variants.map((variant) => variant.width)).toEqual([320, 500]);
    expect(variantWidths(200)).toEqual([200]);
    expect(variantWidths(4000)).toEqual([320, 640, 1280]);
    expect(variantWidths(640)).toEqual([320, 640]);
  });

  it("scales a tall image by its long side", async () => {
    const image = await processImage(await solid(1000, 4000).jpeg().toBuffer());
    expect([image.main.width, image.main.height]).toEqual([512, 2048]);
  });

  it("turns a phone photo upright and removes every piece of its metadata, GPS included", async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("Acme");
    expect(hasGpsDirectory(before.exif as Buffer)).toBe(true);

    const image = await processImage(photo);
    // Stored 400 × 200 sideways; upright it is 200 wide and 400 tall.
    expect([image.main.width, image.main.height]).toEqual([200, 400]);
    for (const bytes of [image.main.bytes, ...image.variants.map((variant) => variant.bytes)]) {
      const after = await sharp(bytes).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from("Exif"))).toBe(false);
      expect(bytes.includes(Buffer.from("Acme"))).toBe(false);
      expect(bytes.includes(Buffer.from("Carla Mendoza"))).toBe(false);
    }
  });

  it("crops to a centred square for profile photos", async () => {
    // Left half red, right half blue, with a green band in the middle that the crop must keep centred.
    const wide = await solid(600, 400, "#ff0000")
      .composite([
        { input: await solid(300, 400, "#0000ff").png().toBuffer(), left: 300, top: 0 },
        { input: await solid(100, 400, "#00ff00").png().toBuffer(), left: 250, top: 0 },
      ])
      .png()
      .toBuffer();
    const image = await processImage(wide, { square: true });
    expect([image.main.width, image.main.height]).toEqual([400, 400]);
    expect(image.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 320],
      [400, 400],
    ]);
    const { data } = await sharp(image.main.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * 400 + x) * 3, (y * 400 + x) * 3 + 3));
    const [r, g, b] = pixel(200, 200);
    expect(g).toBeGreaterThan(200);
    expect(r).toBeLessThan(60);
    expect(b).toBeLessThan(60);
    // 100 px were cut from each side: red from 0 to 150, blue from 250.
    expect(pixel(20, 200)[0]).toBeGreaterThan(200);
    expect(pixel(380, 200)[2]).toBeGreaterThan(200);
  });

  it("flattens a transparent PNG onto white", async () => {
    const transparent = await solid(50, 50, "rgba(0,0,0,0)", 4).png().toBuffer();
    const image = await processImage(transparent);
    const { data, info } = await sharp(image.main.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect(Math.min(...data.subarray(0, 30))).toBeGreaterThan(245);
  });

  it("compresses by the product's quality table, judged by the original file's size", async () => {
    const small = await processImage(await solid(64, 64).png().toBuffer());
    expect(small.quality).toBe(95);
    // A PNG of noise, over 1 MB: the table says quality 75 (or lower), and the JPEG comes out much smaller.
    const noise = Buffer.alloc(800 * 800 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const large = await sharp(noise, { raw: { width: 800, height: 800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(large.byteLength).toBeGreaterThan(1024 * 1024);
    const processed = await processImage(large);
    expect(processed.quality).toBe(jpegQuality(large.byteLength));
    expect(processed.quality).toBeLessThanOrEqual(75);
    expect(processed.main.bytes.byteLength).toBeLessThan(large.byteLength / 2);
  });
});

describe("the product's quality table (docs/product.md, Uploads and images)", () => {
  const KB = 1024;
  it.each([
    [1, 95],
    [750 * KB, 95],
    [750 * KB + 1, 90],
    [1024 * KB, 90],
    [1024 * KB + 1, 75],
    [2048 * KB, 75],
    [2048 * KB + 1, 40],
    [3048 * KB, 40],
    [3048 * KB + 1, 20],
    [12 * 1024 * KB, 20],
  ])("a file of %i bytes is compressed at quality %i", (bytes, quality) => {
    expect(jpegQuality(bytes)).toBe(quality);
  });
});

describe("when a photo was taken (condition reports keep it)", () => {
  const taken = (tags: Record<string, string>) =>
    solid(40, 30)
      .withExif({ IFD0: { Make: "Acme" }, IFD2: tags })
      .jpeg()
      .toBuffer();

  it("reads DateTimeOriginal with the camera's own offset, before the metadata is stripped", async () => {
    const image = await processImage(
      await taken({ DateTimeOriginal: "2026:11:20 14:30:05", OffsetTimeOriginal: "+09:00" }),
    );
    expect(image.capturedAt?.toISOString()).toBe("2026-11-20T05:30:05.000Z");
    expect((await sharp(image.main.bytes).metadata()).exif).toBeUndefined();
  });

  it("reads a camera time without an offset as Manila time", async () => {
    const image = await processImage(await taken({ DateTimeOriginal: "2026:11:20 14:30:05" }));
    expect(image.capturedAt?.toISOString()).toBe("2026-11-20T06:30:05.000Z");
  });

  it("says nothing for a photo without the tag, a PNG, or a camera whose clock was never set", async () => {
    expect((await processImage(await solid(40, 30).jpeg().toBuffer())).capturedAt).toBeNull();
    expect((await processImage(await solid(40, 30).png().toBuffer())).capturedAt).toBeNull();
    expect(
      (await processImage(await taken({ DateTimeOriginal: "1970:01:01 00:00:00" }))).capturedAt,
    ).toBeNull();
  });
});
