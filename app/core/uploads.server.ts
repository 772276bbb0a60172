import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { uploads } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import {
  ImageRejectedError,
  NO_IMAGE_MESSAGE,
  type ProcessedImage,
  processImage,
} from "~/infra/images.server";
import { log } from "~/infra/log.server";
import { getStorage } from "~/infra/storage.server";

/**
 * Image uploads (ADR 0010): an image judged by its bytes, processed by app/infra/images.server.ts and stored through
 * the storage adapter, each one an `uploads` row; the upload types, and an upload as answers show it. The calls
 * that take images are the API's (app/api/space/image-uploads.server.ts and the modules of the things images belong
 * to); this module is what they, the services (a case's photos) and the seed's pictures share.
 */

export const INVALID_UPLOAD_TYPE = "Invalid upload type.";
export const IMAGE_FIELD = "image";

/** The product's upload types (docs/product.md, Uploads and images). */
export const UPLOAD_TYPES = [
  "spaceImages",
  "feedback",
  "bookingFeedback",
  "resolution",
  "floorplan",
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** What `uploads.kind` may be: an upload type, or one of the uploads that have their own call. */
export type UploadKind = UploadType | "profilePhoto" | "contract" | "itemPhoto";

/** The upload type a caller named, or a 400 "Invalid upload type.". */
export function parseUploadType(value: unknown): UploadType {
  if (typeof value === "string" && (UPLOAD_TYPES as readonly string[]).includes(value))
    return value as UploadType;
  throw new DomainError("invalid", INVALID_UPLOAD_TYPE, "type");
}

/** A stored image as the API answers it: the JPEG and its WebP renditions, narrowest first. */
export type UploadView = {
  uploadId: string;
  url: string;
  width: number | null;
  height: number | null;
  variants: { width: number; url: string }[];
  /** When the photo was taken (EXIF DateTimeOriginal), if it said. */
  capturedAt: string | null;
};

type UploadRow = typeof uploads.$inferSelect;

/** The columns of an upload its view is made from. */
export const UPLOAD_VIEW_COLUMNS = {
  id: uploads.id,
  storageKey: uploads.storageKey,
  width: uploads.width,
  height: uploads.height,
  capturedAt: uploads.capturedAt,
  variants: uploads.variants,
};

export function toUploadView(
  row: Pick<UploadRow, "id" | "storageKey" | "width" | "height" | "capturedAt" | "variants">,
): UploadView {
  const storage = getStorage();
  return {
    uploadId: row.id,
    url: storage.publicUrl(row.storageKey),
    width: row.width,
    height: row.height,
    capturedAt: row.capturedAt?.toISOString() ?? null,
    variants: row.variants.map((variant) => ({
      width: variant.width,
      url: storage.publicUrl(variant.storageKey),
    })),
  };
}

/** The one file of a field, or a 400 with a clear message (and the field) when there is none, or several. */
export function imageFile(files: Record<string, File[]>, field = IMAGE_FIELD): File {
  const chosen = files[field] ?? [];
  if (chosen.length === 0) throw new DomainError("invalid", NO_IMAGE_MESSAGE, field);
  if (chosen.length > 1) {
    const message = "Please choose one image at a time.";
    throw new DomainError("invalid", message, field);
  }
  return chosen[0] as File;
}

/** An image checked and processed, waiting to be stored. */
export type CheckedImage = { image: ProcessedImage };

/** Every file of a field, in the order they came, or a 400 with a clear message (and the field) when there is none. */
export function imageFiles(files: Record<string, File[]>, field = IMAGE_FIELD): File[] {
  const chosen = files[field] ?? [];
  if (chosen.length === 0) throw new DomainError("invalid", NO_IMAGE_MESSAGE, field);
  return chosen;
}

/**
 * Checks and processes an image by its bytes (JPEG or PNG, ADR 0010); a refused image is a 400 naming `field`.
 * Nothing is stored yet, so a batch can be judged whole before any of it is kept.
 */
export async function checkImage(
  file: File,
  options: { square?: boolean; field?: string } = {},
): Promise<CheckedImage> {
  const field = options.field ?? IMAGE_FIELD;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = await processImage(bytes, { square: options.square }).catch((error: unknown) => {
    if (error instanceof ImageRejectedError) throw new DomainError("invalid", error.message, field);
    throw error;
  });
  return { image };
}

/**
 * Stores a checked image, its JPEG and WebP renditions under fresh keys (<kind>/<upload id>/…), and records the
 * upload. If anything fails, the files just written go again.
 */
export async function saveImage(
  db: Database,
  options: { ownerId: string; kind: UploadKind; checked: CheckedImage },
): Promise<UploadRow> {
  const { image } = options.checked;
  const id = randomUUID();
  const mainKey = `${options.kind}/${id}/image.jpg`;
  const variants = image.variants.map((variant) => ({
    width: variant.width,
    storageKey: `${options.kind}/${id}/w${variant.width}.webp`,
    rendition: variant,
  }));
  const storage = getStorage();
  const keys = [mainKey, ...variants.map((variant) => variant.storageKey)];
  try {
    await Promise.all([
      storage.put(mainKey, image.main.bytes, image.main.contentType),
      ...variants.map((variant) =>
        storage.put(variant.storageKey, variant.rendition.bytes, variant.rendition.contentType),
      ),
    ]);
    const [row] = await db
      .insert(uploads)
      .values({
        id,
        ownerId: options.ownerId,
        kind: options.kind,
        storageKey: mainKey,
        contentType: image.main.contentType,
        bytes: image.main.bytes.byteLength,
        width: image.main.width,
        height: image.main.height,
        variants: variants.map(({ width, storageKey }) => ({ width, storageKey })),
        capturedAt: image.capturedAt,
      })
      .returning();
    if (!row) throw new Error("the upload was not recorded");
    return row;
  } catch (error) {
    await deleteObjects(keys);
    throw error;
  }
}

/**
 * Checks and processes an image, stores the JPEG and its WebP renditions under fresh keys
 * (<kind>/<upload id>/…), and records the upload. A refused image is a 400 naming `field`.
 */
export async function storeImage(
  db: Database,
  options: { ownerId: string; kind: UploadKind; file: File; square?: boolean; field?: string },
): Promise<UploadRow> {
  const checked = await checkImage(options.file, options);
  return saveImage(db, { ownerId: options.ownerId, kind: options.kind, checked });
}

/**
 * Stores several images as one batch: every file is checked first, so one refused file refuses the batch with
 * its message and nothing is kept; then they are stored in the order they came. A failure while storing removes
 * the ones already stored.
 */
export async function storeImages(
  db: Database,
  options: { ownerId: string; kind: UploadKind; files: readonly File[]; square?: boolean },
): Promise<UploadRow[]> {
  const checked: CheckedImage[] = [];
  // One at a time: a phone's batch of large photos decoded at once would hold them all in memory.
  for (const file of options.files) checked.push(await checkImage(file, { square: options.square }));
  const rows: UploadRow[] = [];
  try {
    for (const image of checked)
      rows.push(await saveImage(db, { ownerId: options.ownerId, kind: options.kind, checked: image }));
  } catch (error) {
    await removeUploads(db, rows);
    throw error;
  }
  return rows;
}

/** Removes uploads: their rows, then their files (a file that cannot be removed is logged, not fatal). */
export async function removeUploads(db: Database, rows: readonly UploadRow[]): Promise<void> {
  for (const row of rows) {
    await db.delete(uploads).where(eq(uploads.id, row.id));
    await deleteObjects([row.storageKey, ...row.variants.map((variant) => variant.storageKey)]);
  }
}

/** seed/ holds the bulk generator's shared pictures (app/seed/bulk-spaces.server.ts): never deleted through one row. */
const SHARED_SEED_PREFIX = "seed/";

async function deleteObjects(keys: readonly string[]): Promise<void> {
  const storage = getStorage();
  const deletable = keys.filter((key) => !key.startsWith(SHARED_SEED_PREFIX));
  const results = await Promise.allSettled(deletable.map((key) => storage.delete(key)));
  for (const [i, result] of results.entries()) {
    if (result.status === "rejected")
      log.error({ err: result.reason }, `[uploads] could not remove ${deletable[i]}`);
  }
}
