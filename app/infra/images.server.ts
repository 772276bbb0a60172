import exifReader from "exif-reader";
import sharp from "sharp";
import { IMAGE_ONLY_MESSAGE } from "~/domain/upload-rules";

/**
 * Uploaded images (docs/product.md, Uploads and images; ADR 0010). An image is judged by its bytes (JPEG or PNG
 * only), refused when its header promises more pixels than we are willing to decode, turned upright by its EXIF
 * orientation, stripped of every piece of metadata (EXIF, GPS, ICC, XMP), scaled to at most 2048 px on its long
 * side, and written as a JPEG compressed by the product's quality table, plus WebP renditions for `srcset`.
 */

export { IMAGE_ONLY_MESSAGE };
export const NO_IMAGE_MESSAGE = "Please choose an image to upload.";
/** The long side of the stored image, in pixels. */
export const MAX_IMAGE_SIDE = 2048;
/** Widths of the WebP renditions; an image narrower than one gets a rendition at its own width instead. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;
/** Decompression bombs: no input over 64 megapixels is decoded (a 48 MP phone photo still passes). */
export const MAX_INPUT_PIXELS = 8192 * 8192;
export const TOO_MANY_PIXELS_MESSAGE = "This image is too large. Please choose one of at most 64 megapixels.";
const WEBP_QUALITY = 80;
const KB = 1024;

// A server handles one upload at a time per request; libvips' operation cache only holds on to memory.
sharp.cache(false);

export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
}

export type ImageFormat = "jpeg" | "png";

/** The format the bytes say, whatever the file is called: JPEG starts FF D8 FF, PNG with its 8-byte signature. */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | null {
  const starts = (signature: number[]) =>
    bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  return null;
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit|image too large|dimensions/i.test(error.message);
}

/** docs/product.md, Uploads and images: the JPEG quality by the size of the file the user chose (KB = 1024 bytes). */
export function jpegQuality(originalBytes: number): number {
  if (originalBytes <= 750 * KB) return 95;
  if (originalBytes <= 1024 * KB) return 90;
  if (originalBytes <= 2048 * KB) return 75;
  if (originalBytes <= 3048 * KB) return 40;
  return 20;
}

export type ImageRendition = { bytes: Buffer; contentType: string; width: number; height: number };

export type ProcessedImage = {
  /** The stored image: JPEG, at most MAX_IMAGE_SIDE on its long side. */
  main: ImageRendition;
  /** WebP renditions, narrowest first, never wider than the main image. */
  variants: ImageRendition[];
  /** The JPEG quality used (docs/product.md, Uploads and images). */
  quality: number;
  /** What the upload was. */
  sourceFormat: ImageFormat;
  /** When the photo was taken, by its EXIF DateTimeOriginal, read before the metadata is stripped; null if unsaid. */
  capturedAt: Date | null;
};

/**
 * Manila's offset: a camera time without its own offset is taken as Philippine time (docs/product.md, Locale and
 * money).
 */
const DEFAULT_CAMERA_OFFSET = "+08:00";
/** Cameras with an unset clock write 1970 or 2000: a time before this is no evidence of anything. */
const EARLIEST_CAPTURE = Date.UTC(2001, 0, 1);

/**
 * The instant a photo was taken, from its EXIF block: DateTimeOriginal is the camera's wall clock, placed in time by
 * OffsetTimeOriginal when the camera wrote one, else read as Manila time. Null when there is no EXIF, no such tag,
 * an unreadable block or an implausible time (before 2001, or more than a day in the future of `now`).
 */
export function captureTime(exif: Buffer | undefined, now = new Date()): Date | null {
  if (!exif) return null;
  let photo: Record<string, unknown> | undefined;
  try {
    photo = exifReader(exif).Photo as Record<string, unknown> | undefined;
  } catch {
    return null;
  }
  const wallClock = photo?.DateTimeOriginal;
  if (!(wallClock instanceof Date) || Number.isNaN(wallClock.getTime())) return null;
  const offsetText = typeof photo?.OffsetTimeOriginal === "string" ? photo.OffsetTimeOriginal.trim() : "";
  const offset = /^[+-]\d{2}:\d{2}$/.test(offsetText) ? offsetText : DEFAULT_CAMERA_OFFSET;
  const sign = offset.startsWith("-") ? -1 : 1;
  const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const instant = new Date(wallClock.getTime() - minutes * 60_000);
  if (instant.getTime() < EARLIEST_CAPTURE || instant.getTime() > now.getTime() + 86_400_000) return null;
  return instant;
}

/** The widths of the WebP renditions of an image `width` pixels wide: never upscaled, no duplicates. */
export function variantWidths(width: number): number[] {
  return [...new Set(VARIANT_WIDTHS.map((target) => Math.min(target, width)))].sort((a, b) => a - b);
}

/**
 * Checks and processes one uploaded image. Throws ImageRejectedError (with a message for the user) when the
 * bytes are not a JPEG or PNG that decodes, or promise too many pixels. `square` crops to a centred square
 * (profile photos).
 */
export async function processImage(
  input: Uint8Array,
  options: { square?: boolean } = {},
): Promise<ProcessedImage> {
  if (input.byteLength === 0) throw new ImageRejectedError(NO_IMAGE_MESSAGE);
  const sourceFormat = detectImageFormat(input);
  if (!sourceFormat) throw new ImageRejectedError(IMAGE_ONLY_MESSAGE);

  // The header alone: a bomb is refused before a single pixel is decoded.
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw new ImageRejectedError(isPixelLimit(error) ? TOO_MANY_PIXELS_MESSAGE : IMAGE_ONLY_MESSAGE);
    });
  if (meta.format !== sourceFormat || !meta.width || !meta.height)
    throw new ImageRejectedError(IMAGE_ONLY_MESSAGE);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRejectedError(TOO_MANY_PIXELS_MESSAGE);

  // One decode: upright, cropped or scaled, flattened onto white, sRGB, as raw pixels (no metadata survives this).
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const side = Math.min(upright.width, upright.height, MAX_IMAGE_SIDE);
  const decoded = await sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: "error",
    autoOrient: true,
  })
    .resize(
      options.square
        ? { width: side, height: side, fit: "cover", position: "centre" }
        : { width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true },
    )
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new ImageRejectedError(isPixelLimit(error) ? TOO_MANY_PIXELS_MESSAGE : IMAGE_ONLY_MESSAGE);
    });

  const { width, height, channels } = decoded.info;
  const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
  const quality = jpegQuality(input.byteLength);
  const main = await pixels().jpeg({ quality, progressive: true }).toBuffer({ resolveWithObject: true });
  const variants = await Promise.all(
    variantWidths(width).map(async (target) => {
      const out = await pixels()
        .resize({ width: target })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { bytes: out.data, contentType: "image/webp", width: out.info.width, height: out.info.height };
    }),
  );
  return {
    main: { bytes: main.data, contentType: "image/jpeg", width: main.info.width, height: main.info.height },
    variants,
    quality,
    sourceFormat,
    capturedAt: captureTime(meta.exif),
  };
}
