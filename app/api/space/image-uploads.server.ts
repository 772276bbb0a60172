import { z } from "zod/v4";
import { type CurrentUser, type DeclaredStatus, defineEndpoint, type Endpoint } from "~/api/endpoint";
import { ApiError } from "~/api/envelope";
import {
  IMAGE_FIELD,
  INVALID_UPLOAD_TYPE,
  imageFile,
  imageFiles,
  parseUploadType,
  storeImages,
  toUploadView,
  type UploadType,
  type UploadView,
} from "~/core/uploads.server";
import type { Database } from "~/db/client.server";
import { IMAGE_UPLOADED } from "~/domain/upload-rules";
import { MAX_UPLOAD_BYTES } from "~/infra/security.server";

/**
 * Image uploads (docs/product.md, Uploads and images): multipart bodies with one file in the field `image`, judged by
 * its bytes, processed by app/infra/images.server.ts and stored through the storage adapter, each one an `uploads`
 * row.
 *
 * - POST /user/updateProfilePic: the profile photo (cropped square), in app/api/user/profile-picture.server.ts.
 * - POST /space/imageUpload<Type>: one endpoint per upload type of the product rules (spaceImages, feedback,
 *   bookingFeedback, resolution, floorplan), each declared once as an UploadTypeHandler, with `authorize` (may
 *   this user upload here?) and `attach` (link the image to what it belongs to), and turned into its call by
 *   imageUploadEndpoint. feedback is declared below (imageUploadFeedback); a feature whose hooks need its own module
 *   declares its types there and lists their calls itself (spaceImages and floorplan: space-files.server.ts),
 *   which keeps this module free of import cycles.
 *   A caller may also say the type in the text field `type`; an unknown or mismatched one is "Invalid upload type.".
 */

// ---------------------------------------------------------------------------------------------------------
// The upload types' calls
// ---------------------------------------------------------------------------------------------------------

/**
 * What a type's hooks get: the caller, the database, the text fields of the form (type's own `fields`) and how many
 * images the call carries.
 */
export type UploadContext = {
  db: Database;
  user: CurrentUser;
  fields: Record<string, unknown>;
  imageCount: number;
};

export type UploadTypeHandler = {
  /** The product's call, without /api. */
  path: string;
  summary: string;
  /** Extra text fields of the form, checked before anything is stored (e.g. the space a photo is for). */
  fields?: Record<string, z.ZodType>;
  /** Crop to a centred square. */
  square?: boolean;
  /** Takes several images in one call (all in the field `image`), stored as one batch in the order they came. */
  multiple?: boolean;
  /** The statuses besides the common ones `authorize` and `attach` may answer (Endpoint.answers). */
  answers?: readonly DeclaredStatus[];
  /** May this user upload here? Throw ApiError(403) when not; runs before the image is stored. */
  authorize?: (context: UploadContext) => Promise<void>;
  /** Links the stored images (one unless `multiple`) to what they belong to; what it returns joins the answer. */
  attach?: (context: UploadContext, stored: UploadView[]) => Promise<Record<string, unknown> | undefined>;
};

/**
 * The call of one upload type: multipart, logged in, one `image` (or several when the type takes `multiple`), an
 * optional `type` that must be this type. It answers the first image's upload, all of them as `uploads`, and what
 * `attach` adds.
 */
export function imageUploadEndpoint(type: UploadType, handler: UploadTypeHandler) {
  return defineEndpoint({
    method: "POST",
    path: handler.path,
    auth: "required",
    answers: handler.answers,
    summary: handler.summary,
    tags: ["uploads"],
    bodyType: "multipart",
    maxBodyBytes: MAX_UPLOAD_BYTES,
    fileFields: [IMAGE_FIELD],
    body: z.strictObject({ type: z.string().optional(), ...handler.fields }),
    message: IMAGE_UPLOADED,
    async handler({ db, user, body, files }) {
      if (body.type !== undefined && parseUploadType(body.type) !== type) {
        throw new ApiError(400, INVALID_UPLOAD_TYPE, [{ field: "type", message: INVALID_UPLOAD_TYPE }]);
      }
      const chosen = handler.multiple ? imageFiles(files) : [imageFile(files)];
      const context: UploadContext = { db, user, fields: body, imageCount: chosen.length };
      await handler.authorize?.(context);
      const rows = await storeImages(db, {
        ownerId: user.id,
        kind: type,
        files: chosen,
        square: handler.square,
      });
      const stored = rows.map(toUploadView);
      return { ...(stored[0] as UploadView), uploads: stored, ...(await handler.attach?.(context, stored)) };
    },
  });
}

/** The upload type whose call this module declares (the listing's types are in space-files.server.ts). */
export const imageUploadFeedback = imageUploadEndpoint("feedback", {
  path: "/space/imageUploadFeedback",
  summary: "Uploads an image to attach to feedback (POST /feedback/giveFeedback takes its uploadId).",
});

export const endpoints: Endpoint[] = [imageUploadFeedback];
