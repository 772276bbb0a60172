import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod/v4";
import { removeUploads, type UploadType, type UploadView } from "~/core/uploads.server";
import type { Database } from "~/db/client.server";
import { type SpaceRow, spacePhotos, spaces, uploads } from "~/db/schema";
import { MAX_CONTRACT_BYTES, MAX_SPACE_PHOTOS } from "~/domain/space";
import { CONTRACT_RULE } from "~/domain/upload-rules";
import { MAX_UPLOAD_BYTES } from "~/infra/security.server";
import { getStorage } from "~/infra/storage.server";
import { type CurrentUser, defineEndpoint, type Endpoint } from "../endpoint";
import { fieldError } from "../envelope";
import { imageUploadEndpoint, type UploadContext, type UploadTypeHandler } from "./image-uploads.server";
import { nextPhotoPosition, ownListing, SpaceIdSchema } from "./space-steps.server";
import { toSpaceViewOf } from "./space-views.server";

/**
 * A listing's files (ADR 0010): its photos (POST /space/imageUploadSpaces, one or several per call, appended in
 * order, at most 20), its floor
 * plan (POST /space/imageUploadFloorplan, replacing the previous one) — both built on the upload machinery of
 * uploads.server.ts, which judges, processes and stores the image — and its contract (POST /space/uploadContract, a
 * PDF). Only the listing's host may upload to it, checked before anything is stored. Each answers the updated
 * SpaceView.
 */

export const TOO_MANY_PHOTOS = `You can add at most ${MAX_SPACE_PHOTOS} photos.`;
export { CONTRACT_RULE };
export const CONTRACT_FIELD = "contract";
const CHOOSE_CONTRACT = "Please choose a PDF to upload.";

/** The listing an upload's form names (already checked to be a uuid by `fields`). */
const spaceIdOf = (context: UploadContext) => context.fields.spaceId as string;

/** Runs `link` in a transaction holding the caller's listing; if it fails, the just stored uploads go. */
async function linkToListing(
  context: UploadContext,
  stored: UploadView[],
  link: (tx: Database, space: SpaceRow) => Promise<void>,
): Promise<SpaceRow> {
  const { db, user } = context;
  try {
    return await db.transaction(async (tx) => {
      const space = await ownListing(tx, user, spaceIdOf(context), { lock: true });
      await link(tx, space);
      const [row] = await tx
        .update(spaces)
        .set({ updatedAt: new Date() })
        .where(eq(spaces.id, space.id))
        .returning();
      return row as SpaceRow;
    });
  } catch (error) {
    const ids = stored.map((upload) => upload.uploadId);
    await removeUploads(db, await db.select().from(uploads).where(inArray(uploads.id, ids)));
    throw error;
  }
}

/** Removes an upload a listing no longer points at (nothing when there was none). */
async function removeUpload(db: Database, uploadId: string | null): Promise<void> {
  if (uploadId) await removeUploads(db, await db.select().from(uploads).where(eq(uploads.id, uploadId)));
}

/** The product's upload types a listing has, on the upload machinery (uploads.server.ts). */
export const SPACE_UPLOAD_HANDLERS = {
  spaceImages: {
    path: "/space/imageUploadSpaces",
    answers: [403, 404],
    summary: `Adds photos (multipart field \`image\`, JPEG or PNG, one or several in one call) to the caller's listing \`spaceId\`, after its other photos and in the order sent; at most ${MAX_SPACE_PHOTOS} in all. Every photo is checked before any is kept: one refused photo refuses the call and stores nothing. Answers the first upload, all of them as \`uploads\`, and the updated listing: { uploadId, url, width, height, variants, uploads: [...], space: SpaceView }.`,
    fields: { spaceId: SpaceIdSchema },
    multiple: true,
    async authorize(context) {
      await ownListing(context.db, context.user, spaceIdOf(context));
      const { count } = await nextPhotoPosition(context.db, spaceIdOf(context));
      if (count + context.imageCount > MAX_SPACE_PHOTOS) throw fieldError("image", TOO_MANY_PHOTOS);
    },
    async attach(context, stored) {
      const row = await linkToListing(context, stored, async (tx, space) => {
        // Counted again under the lock: two uploads at once cannot make a 21st photo.
        const { count, next } = await nextPhotoPosition(tx, space.id);
        if (count + stored.length > MAX_SPACE_PHOTOS) throw fieldError("image", TOO_MANY_PHOTOS);
        await tx
          .insert(spacePhotos)
          .values(
            stored.map((upload, i) => ({ uploadId: upload.uploadId, spaceId: space.id, position: next + i })),
          );
      });
      return { space: await toSpaceViewOf(context.db, row) };
    },
  },
  floorplan: {
    path: "/space/imageUploadFloorplan",
    answers: [403, 404],
    summary:
      "Sets the floor plan (multipart field `image`, JPEG or PNG) of the caller's listing `spaceId`, replacing the previous one. Answers the upload and the updated listing: { uploadId, url, width, height, variants, space: SpaceView }.",
    fields: { spaceId: SpaceIdSchema },
    async authorize(context) {
      await ownListing(context.db, context.user, spaceIdOf(context));
    },
    async attach(context, stored) {
      let previous: string | null = null;
      const row = await linkToListing(context, stored, async (tx, space) => {
        previous = space.floorplanUploadId;
        const [plan] = stored as [UploadView];
        await tx.update(spaces).set({ floorplanUploadId: plan.uploadId }).where(eq(spaces.id, space.id));
      });
      await removeUpload(context.db, previous);
      return { space: await toSpaceViewOf(context.db, row) };
    },
  },
} satisfies Partial<Record<UploadType, UploadTypeHandler>>;

/** The one contract file of a form: a PDF (by its bytes, `%PDF-`) of at most 10 MB. */
async function contractBytes(files: Record<string, File[]>): Promise<Uint8Array> {
  const chosen = files[CONTRACT_FIELD] ?? [];
  if (chosen.length === 0) throw fieldError(CONTRACT_FIELD, CHOOSE_CONTRACT);
  if (chosen.length > 1) throw fieldError(CONTRACT_FIELD, "Please choose one file at a time.");
  const file = chosen[0] as File;
  if (file.size > MAX_CONTRACT_BYTES) throw fieldError(CONTRACT_FIELD, CONTRACT_RULE, 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const magic = new TextDecoder("latin1").decode(bytes.subarray(0, 5));
  if (magic !== "%PDF-") throw fieldError(CONTRACT_FIELD, CONTRACT_RULE);
  return bytes;
}

/** Stores a contract PDF and records it as an upload of kind "contract"; the caller links it. */
async function storeContract(tx: Database, user: CurrentUser, id: string, key: string, bytes: Uint8Array) {
  await tx.insert(uploads).values({
    id,
    ownerId: user.id,
    kind: "contract",
    storageKey: key,
    contentType: "application/pdf",
    bytes: bytes.byteLength,
  });
}

export const uploadContract = defineEndpoint({
  method: "POST",
  path: "/space/uploadContract",
  auth: "required",
  answers: [403, 404],
  summary:
    "Uploads the host's own contract (multipart field `contract`: a PDF, judged by its bytes, of at most 10 MB) for the caller's listing `spaceId`; contractType becomes uploaded and the previous contract file goes. Answers the SpaceView (contract.url).",
  tags: ["uploads", "spaces"],
  bodyType: "multipart",
  maxBodyBytes: MAX_UPLOAD_BYTES,
  fileFields: [CONTRACT_FIELD],
  body: z.strictObject({ spaceId: SpaceIdSchema }),
  message: "Your contract has been uploaded.",
  async handler({ db, user, body, files }) {
    await ownListing(db, user, body.spaceId);
    const bytes = await contractBytes(files);
    const id = randomUUID();
    const key = `contract/${id}/contract.pdf`;
    const storage = getStorage();
    await storage.put(key, bytes, "application/pdf");
    let previous: string | null = null;
    const row = await db
      .transaction(async (tx) => {
        const space = await ownListing(tx, user, body.spaceId, { lock: true });
        previous = space.contractUploadId;
        await storeContract(tx, user, id, key, bytes);
        const [updated] = await tx
          .update(spaces)
          .set({ contractType: "uploaded", contractUploadId: id, updatedAt: new Date() })
          .where(eq(spaces.id, space.id))
          .returning();
        return updated as SpaceRow;
      })
      .catch(async (error: unknown) => {
        await storage.delete(key).catch(() => {});
        throw error;
      });
    await removeUpload(db, previous);
    return toSpaceViewOf(db, row);
  },
});

export const imageUploadSpaces = imageUploadEndpoint("spaceImages", SPACE_UPLOAD_HANDLERS.spaceImages);
export const imageUploadFloorplan = imageUploadEndpoint("floorplan", SPACE_UPLOAD_HANDLERS.floorplan);

export const endpoints: Endpoint[] = [uploadContract, imageUploadSpaces, imageUploadFloorplan];
