import { eq, inArray } from "drizzle-orm";
import { z } from "zod/v4";
import { toUploadView } from "~/core/uploads.server";
import { bookings, feedback, feedbackPhotos, uploads } from "~/db/schema";
import { roleOf } from "~/domain/booking";
import { FEEDBACK_MAX_LENGTH, MAX_FEEDBACK_PHOTOS, TOO_MANY_FEEDBACK_PHOTOS } from "~/domain/feedback";
import { getEnv } from "~/env.server";
import { notify } from "~/infra/notify.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";

/**
 * Feedback (give-feed-back): POST /feedback/giveFeedback stores the message, an optional 1–5 rating and an optional
 * image (uploaded first with POST /space/imageUploadFeedback), and e-mails it to SUPPORT_EMAIL. With `bookingId`
 * (bookings/give-feedback) it is feedback on the service of one of the caller's bookings: the rating is required, and
 * up to 5 photos uploaded with POST /space/imageUploadBookingFeedback may come as `photoUploadIds`.
 */

const MESSAGE_REQUIRED = "Please write your feedback.";
const MESSAGE_TOO_LONG = `Your feedback can be at most ${FEEDBACK_MAX_LENGTH} characters.`;
const RATING_RANGE = "Please choose a rating from 1 to 5.";
export const FEEDBACK_SENT = "Thank you for your feedback.";
const NOT_YOUR_IMAGE = "You can only attach an image you uploaded for feedback.";
export const BOOKING_RATING_REQUIRED = "Please rate the service from 1 to 5.";
const NOT_YOUR_BOOKING = "This booking is not yours.";

/** The fields a person fills in; the screen checks them with the same rules before it uploads anything. */
export const FeedbackFieldsSchema = z.object({
  message: z
    .string({ error: MESSAGE_REQUIRED })
    .trim()
    .min(1, MESSAGE_REQUIRED)
    .max(FEEDBACK_MAX_LENGTH, MESSAGE_TOO_LONG),
  // Forms send text: "" is no rating, "4" is 4.
  rating: z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value),
    z.number({ error: RATING_RANGE }).int(RATING_RANGE).min(1, RATING_RANGE).max(5, RATING_RANGE).optional(),
  ),
});

/** Feedback about a booking (bookings/give-feedback): the rating of the service is required. */
export const BookingFeedbackFieldsSchema = FeedbackFieldsSchema.extend({
  rating: z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value),
    z
      .number({ error: BOOKING_RATING_REQUIRED })
      .int(BOOKING_RATING_REQUIRED)
      .min(1, BOOKING_RATING_REQUIRED)
      .max(5, BOOKING_RATING_REQUIRED),
  ),
});

export const giveFeedback = defineEndpoint({
  method: "POST",
  path: "/feedback/giveFeedback",
  auth: "required",
  answers: [403, 404],
  summary: "Sends feedback (message, optional 1–5 rating, optional image upload) to the support team.",
  message: FEEDBACK_SENT,
  body: z.strictObject({
    ...FeedbackFieldsSchema.shape,
    imageUploadId: z.uuid("The image id is not valid.").optional(),
    bookingId: z.uuid("This booking was not found.").optional(),
    photoUploadIds: z
      .array(z.uuid("The image id is not valid."))
      .max(MAX_FEEDBACK_PHOTOS, TOO_MANY_FEEDBACK_PHOTOS)
      .optional(),
  }),
  async handler({ db, user, body, origin }) {
    const photoIds = [...new Set(body.photoUploadIds ?? [])];
    if (photoIds.length && !body.bookingId)
      throw new ApiError(400, "Photos go with feedback about a booking.", [
        { field: "bookingId", message: "Photos go with feedback about a booking." },
      ]);
    if (body.bookingId) {
      const [booking] = await db.select().from(bookings).where(eq(bookings.id, body.bookingId));
      if (!booking) throw new ApiError(404, "This booking was not found.");
      if (!roleOf(booking, user.id)) throw new ApiError(403, NOT_YOUR_BOOKING);
      if (body.rating === undefined)
        throw new ApiError(400, BOOKING_RATING_REQUIRED, [
          { field: "rating", message: BOOKING_RATING_REQUIRED },
        ]);
    }
    const photos = photoIds.length
      ? await db.select().from(uploads).where(inArray(uploads.id, photoIds))
      : [];
    if (
      photos.length !== photoIds.length ||
      photos.some((photo) => photo.ownerId !== user.id || photo.kind !== "bookingFeedback")
    )
      throw new ApiError(403, NOT_YOUR_IMAGE, [{ field: "photoUploadIds", message: NOT_YOUR_IMAGE }]);
    let imageUrl: string | null = null;
    if (body.imageUploadId) {
      const [upload] = await db.select().from(uploads).where(eq(uploads.id, body.imageUploadId));
      if (!upload || upload.ownerId !== user.id || upload.kind !== "feedback") {
        throw new ApiError(403, NOT_YOUR_IMAGE, [{ field: "imageUploadId", message: NOT_YOUR_IMAGE }]);
      }
      imageUrl = toUploadView(upload).url;
    }
    const row = await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(feedback)
        .values({
          userId: user.id,
          bookingId: body.bookingId ?? null,
          message: body.message,
          rating: body.rating ?? null,
          imageUploadId: body.imageUploadId ?? null,
        })
        .returning();
      if (!stored) throw new Error("the feedback was not stored");
      if (photoIds.length)
        await tx
          .insert(feedbackPhotos)
          .values(photoIds.map((uploadId, position) => ({ feedbackId: stored.id, uploadId, position })));
      return stored;
    });
    const link = (url: string) => new URL(url, origin).href;
    const photoLinks = photoIds.map((id) => {
      const photo = photos.find((row) => row.id === id) as (typeof photos)[number];
      return link(toUploadView(photo).url);
    });

    await notify({
      email: getEnv().SUPPORT_EMAIL,
      kind: "feedback",
      data: {
        name: [user.firstName, user.lastName].join(" "),
        email: user.email,
        userId: user.id,
        message: body.message,
        rating: body.rating,
        imageLink: imageUrl ? link(imageUrl) : undefined,
        bookingId: body.bookingId,
        photoLinks,
        feedbackId: row.id,
      },
    });
    return { feedbackId: row.id };
  },
});

export const endpoints: Endpoint[] = [giveFeedback];
