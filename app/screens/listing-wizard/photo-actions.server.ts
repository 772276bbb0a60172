import { data } from "@remix-run/node";
import { imageUploadFloorplan, imageUploadSpaces } from "~/api/space/space-files.server";
import { addMySpace, editSpace } from "~/api/space/spaces.server";
import { UPLOAD_FAILED, type UploadIntent } from "~/components/listing-wizard/image-upload-form";
import { REORDER_INTENT } from "~/components/listing-wizard/photo-list";
import {
  arrangePhotos,
  isPhotoMove,
  type PhotoArrangement,
  type PhotoMove,
  reorderPhotos,
} from "~/components/listing-wizard/photo-order";
import type { SpaceView } from "~/domain/space";
import { MAX_SPACE_PHOTOS } from "~/domain/space";
import { imagesUploadedMessage } from "~/domain/upload-rules";
import { log } from "~/infra/log.server";
import { BodyTooLargeError, readFormWithin } from "~/infra/security.server";
import type { ApiClient, ApiResult } from "~/screens/api.server";
import { redirectWithToast } from "~/screens/toast.server";
import { errorToast, makeToast, type Toast } from "~/utils/toast";

/**
 * The server side of a listing's photos and floor plan, for any page that shows PhotoList and ImageUploadForm (the
 * add-more-details step; the one-page edit of a published listing can use it too):
 * - upload-photo / upload-floorplan: the multipart form's files (photos: one or several at once) forwarded in one
 *   call to POST /space/imageUploadSpaces or /space/imageUploadFloorplan, with the messages of docs/product.md, Uploads
 * and images;
 * - make-cover, move-left, move-right, delete (with `photo`) and reorder (with `photoOrder`): the new order computed
 *   from the listing as saved, then saved as { photoOrder, coverPhotoIndex } (a photo left out is deleted) through
 *   POST /space/addMySpace (a draft) or /space/editSpace (a published listing, which must keep a photo).
 * Each success comes back to the same page with a success toast; a failure stays with an error toast and the
 * message for the part of the page it is about.
 */

const MOVE_MESSAGES: Record<PhotoMove | typeof REORDER_INTENT, string> = {
  "make-cover": "Cover photo changed.",
  "move-left": "Photo moved.",
  "move-right": "Photo moved.",
  delete: "Photo deleted.",
  reorder: "Photos reordered.",
};

// Several photos go in one post, so the cap is on the whole upload, not on one photo.
const TOO_LARGE =
  "This upload is too large. Please send at most 15 MB at a time: fewer photos, or smaller ones.";
const UNKNOWN_PHOTO = "That photo is no longer in this listing. Please try again.";
const TOO_MANY = `You can add at most ${MAX_SPACE_PHOTOS} photos.`;

/** What a photo action answers when it stays on the page: an error toast, and the message by the part it is about. */
export type PhotoFailure = {
  toast: Toast;
  upload?: UploadIntent;
  uploadError?: string;
  photosError?: string;
};

/** A failure as PhotoFailure: by the upload form of `upload`, else by the photo list. */
export function photoFailure(message: string, options: { upload?: UploadIntent; status?: number } = {}) {
  const failure: PhotoFailure = options.upload
    ? { toast: errorToast(message), upload: options.upload, uploadError: message }
    : { toast: errorToast(message), photosError: message };
  return data(failure, { status: options.status ?? 400 });
}

/** The posted form, or a failure when the body is over the upload cap. */
export async function readPhotoForm(request: Request) {
  try {
    return { form: await readFormWithin(request) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { failure: photoFailure(TOO_LARGE, { status: 413 }) };
    throw error;
  }
}

/** This page again (with its query, e.g. ?spaceId=), to land on after an upload or a change of the photos. */
function here(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The files the form's `image` input carries, in the order chosen (none when nothing was chosen). */
function chosenImages(form: FormData): File[] {
  return form
    .getAll("image")
    .filter((image): image is File => image instanceof File && (image.size > 0 || image.name !== ""));
}

/** The API call each upload goes to from the step's action (the browser's are UPLOAD_PATHS). */
const UPLOAD_ENDPOINTS = {
  "upload-photo": imageUploadSpaces,
  "upload-floorplan": imageUploadFloorplan,
} as const satisfies Record<UploadIntent, unknown>;

async function upload(
  request: Request,
  client: ApiClient,
  spaceId: string,
  intent: UploadIntent,
  form: FormData,
) {
  const body = new FormData();
  body.append("spaceId", spaceId);
  // The photos' input takes several files (one multipart post); an empty input sends one nameless empty file.
  const images = chosenImages(form);
  for (const image of images) body.append("image", image, image.name);
  let answer: ApiResult<unknown>;
  try {
    answer = await client.call(UPLOAD_ENDPOINTS[intent], { body });
  } catch (error) {
    // Redirects (an ended session) pass; a request that did not get through is "Upload failed.".
    if (error instanceof Response) throw error;
    log.error({ err: error }, "[listing photos] the upload did not reach the API");
    return photoFailure(UPLOAD_FAILED, { upload: intent, status: 502 });
  }
  if (!answer.ok)
    return photoFailure(answer.message, {
      upload: intent,
      status: answer.status === 413 ? 413 : 400,
    });
  if (answer.result === null || answer.result === undefined)
    return photoFailure(answer.message || UPLOAD_FAILED, { upload: intent });
  return redirectWithToast(here(request), makeToast("success", imagesUploadedMessage(images.length)));
}

async function savePhotos(
  request: Request,
  client: ApiClient,
  space: SpaceView,
  next: PhotoArrangement | null,
  message: string,
  via: "addMySpace" | "editSpace",
) {
  if (!next) return photoFailure(UNKNOWN_PHOTO);
  const fields = { spaceId: space._id, photoOrder: [...next.order], coverPhotoIndex: next.cover };
  const answer =
    via === "addMySpace"
      ? await client.call(addMySpace, { body: { step: "add-more-details", ...fields } })
      : await client.call(editSpace, { body: fields });
  if (!answer.ok) return photoFailure(answer.message, { status: answer.status === 429 ? 429 : 400 });
  return redirectWithToast(here(request), makeToast("success", message));
}

/**
 * Handles the photo and floor-plan intents of a posted form for `space` (as saved); null when the form's intent is
 * none of them (Continue, Back, or the page's own intents).
 */
export async function photoAction(
  request: Request,
  options: { client: ApiClient; space: SpaceView; form: FormData; via?: "addMySpace" | "editSpace" },
) {
  const { client, space, form, via = "addMySpace" } = options;
  const intent = form.get("intent");
  const current: PhotoArrangement = {
    order: space.spacePhotos.map((photo) => photo.uploadId),
    cover: space.coverPhotoIndex,
  };
  if (intent === "upload-photo" || intent === "upload-floorplan") {
    const adding = Math.max(chosenImages(form).length, 1);
    if (intent === "upload-photo" && current.order.length + adding > MAX_SPACE_PHOTOS)
      return photoFailure(TOO_MANY, { upload: intent });
    return upload(request, client, space._id, intent, form);
  }
  if (isPhotoMove(intent)) {
    const next = arrangePhotos(current, intent, String(form.get("photo") ?? ""));
    return savePhotos(request, client, space, next, MOVE_MESSAGES[intent], via);
  }
  if (intent === REORDER_INTENT) {
    const next = reorderPhotos(current, form.getAll("photoOrder").map(String));
    return savePhotos(request, client, space, next, MOVE_MESSAGES.reorder, via);
  }
  return null;
}
