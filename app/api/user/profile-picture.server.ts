import { and, eq, ne } from "drizzle-orm";
import { z } from "zod/v4";
import { IMAGE_FIELD, imageFile, removeUploads, storeImage, toUploadView } from "~/core/uploads.server";
import { uploads, users } from "~/db/schema";
import { IMAGE_UPLOADED } from "~/domain/upload-rules";
import { MAX_UPLOAD_BYTES } from "~/infra/security.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { viewUserProfile } from "./user.server";

/** The profile photo (the /user calls), stored by the upload machinery of app/core/uploads.server.ts. */

/** The rendition users.profilePic points at: 640 px wide, else the widest there is. */
const PROFILE_PHOTO_WIDTH = 640;

export const updateProfilePic = defineEndpoint({
  method: "POST",
  path: "/user/updateProfilePic",
  auth: "required",
  invalidates: [viewUserProfile],
  summary:
    "Sets the profile photo from a JPEG or PNG (multipart field `image`): cropped square, metadata removed, stored with WebP renditions.",
  bodyType: "multipart",
  maxBodyBytes: MAX_UPLOAD_BYTES,
  fileFields: [IMAGE_FIELD],
  body: z.strictObject({}),
  message: IMAGE_UPLOADED,
  async handler({ db, user, files }) {
    const file = imageFile(files);
    const row = await storeImage(db, { ownerId: user.id, kind: "profilePhoto", file, square: true });
    const upload = toUploadView(row);
    const photo =
      upload.variants.find((variant) => variant.width === PROFILE_PHOTO_WIDTH) ?? upload.variants.at(-1);
    const profilePic = photo?.url ?? upload.url;
    await db.update(users).set({ profilePic, updatedAt: new Date() }).where(eq(users.id, user.id));
    // The photos it replaces go: nobody links to them any more.
    const replaced = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.ownerId, user.id), eq(uploads.kind, "profilePhoto"), ne(uploads.id, row.id)));
    await removeUploads(db, replaced);
    return { profilePic, ...upload };
  },
});

export const endpoints: Endpoint[] = [updateProfilePic];
