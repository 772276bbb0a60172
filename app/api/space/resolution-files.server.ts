import { eq, inArray } from "drizzle-orm";
import { z } from "zod/v4";
import { caseOf, photoCount } from "~/core/resolution-service.server";
import { removeUploads } from "~/core/uploads.server";
import { resolutionPhotos, resolutions, uploads } from "~/db/schema";
import { CASE_NOT_FOUND, checkPhotos, MAX_CASE_PHOTOS } from "~/domain/resolution";
import type { Endpoint } from "../endpoint";
import { imageUploadEndpoint, type UploadContext, type UploadTypeHandler } from "./image-uploads.server";

/**
 * A resolution case's photos (upload type `resolution`, docs/product.md, Uploads and images; ADR 0033), on the upload
 * machinery of uploads.server.ts, which judges each image by its bytes (JPEG or PNG) and stores it re-encoded, without
 * its EXIF. Without `resolutionId` the photos wait for the case POST /resol/addResolution opens with their ids; with
 * it, they join that case at once — only its renter or host, while it is open or answered, at most 10 in all.
 */

const resolutionIdOf = (context: UploadContext) => context.fields.resolutionId as string | undefined;

export const RESOLUTION_UPLOAD_HANDLER: UploadTypeHandler = {
  path: "/space/imageUploadResolution",
  answers: [403, 404, 409],
  summary: `Uploads photos for a resolution case (multipart field \`image\`, JPEG or PNG, one or several in one call; each checked by its bytes, stored without EXIF). With \`resolutionId\` they are added to that case (its renter or host only, while it holds, at most ${MAX_CASE_PHOTOS}); without, POST /resol/addResolution attaches them by their upload ids. Answers the first upload and all of them as \`uploads\`.`,
  fields: { resolutionId: z.uuid({ error: CASE_NOT_FOUND }).optional() },
  multiple: true,
  async authorize(context) {
    const resolutionId = resolutionIdOf(context);
    if (resolutionId === undefined) {
      if (context.imageCount > MAX_CASE_PHOTOS) checkPhotos("open", 0, context.imageCount);
      return;
    }
    const { resolution } = await caseOf(context.db, resolutionId, context.user.id);
    checkPhotos(resolution.state, await photoCount(context.db, resolutionId), context.imageCount);
  },
  async attach(context, stored) {
    const resolutionId = resolutionIdOf(context);
    if (resolutionId === undefined) return undefined;
    try {
      await context.db.transaction(async (tx) => {
        // Counted again under the case's lock: two uploads at once cannot make an 11th photo.
        const { resolution } = await caseOf(tx, resolutionId, context.user.id, { lock: true });
        checkPhotos(resolution.state, await photoCount(tx, resolutionId), stored.length);
        await tx
          .insert(resolutionPhotos)
          .values(
            stored.map((upload) => ({ resolutionId, uploadId: upload.uploadId, addedBy: context.user.id })),
          );
        await tx.update(resolutions).set({ updatedAt: new Date() }).where(eq(resolutions.id, resolutionId));
      });
    } catch (error) {
      const ids = stored.map((upload) => upload.uploadId);
      await removeUploads(
        context.db,
        await context.db.select().from(uploads).where(inArray(uploads.id, ids)),
      );
      throw error;
    }
    return { resolutionId };
  },
};

export const imageUploadResolution = imageUploadEndpoint("resolution", RESOLUTION_UPLOAD_HANDLER);

export const endpoints: Endpoint[] = [imageUploadResolution];
