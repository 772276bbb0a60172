import { eq } from "drizzle-orm";
import { z } from "zod/v4";
import { feedback, uploads } from "~/db/schema";
import { getEnv, publicOrigin } from "~/env.server";
import { notify } from "~/services/notify.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { toUploadView } from "../space/uploads.server";

/**
 * Feedback (give-feed-back): POST /feedback/giveFeedback stores the message, an optional 1–5 rating and an optional
 * image (uploaded first with POST /space/imageUploadFeedback), and e-mails it to SUPPORT_EMAIL.
 */

export const FEEDBACK_MAX_LENGTH = 2000;
const MESSAGE_REQUIRED = "Please write your feedback.";
const MESSAGE_TOO_LONG = `Your feedback can be at most ${FEEDBACK_MAX_LENGTH} characters.`;
const RATING_RANGE = "Please choose a rating from 1 to 5.";
export const FEEDBACK_SENT = "Thank you for your feedback.";
const NOT_YOUR_IMAGE = "You can only attach an image you uploaded for feedback.";

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

export const giveFeedback = defineEndpoint({
  method: "POST",
  path: "/feedback/giveFeedback",
  auth: "required",
  summary: "Sends feedback (message, optional 1–5 rating, optional image upload) to the support team.",
  message: FEEDBACK_SENT,
  body: z.strictObject({
    ...FeedbackFieldsSchema.shape,
    imageUploadId: z.uuid("The image id is not valid.").optional(),
  }),
  async handler({ db, user, body, request }) {
    let imageUrl: string | null = null;
    if (body.imageUploadId) {
      const [upload] = await db.select().from(uploads).where(eq(uploads.id, body.imageUploadId));
      if (!upload || upload.ownerId !== user.id || upload.kind !== "feedback") {
        throw new ApiError(403, NOT_YOUR_IMAGE, [{ field: "imageUploadId", message: NOT_YOUR_IMAGE }]);
      }
      imageUrl = toUploadView(upload).url;
    }
    const [row] = await db
      .insert(feedback)
      .values({
        userId: user.id,
        message: body.message,
        rating: body.rating ?? null,
        imageUploadId: body.imageUploadId ?? null,
      })
      .returning();
    if (!row) throw new Error("the feedback was not stored");

    await notify({
      email: getEnv().SUPPORT_EMAIL,
      kind: "feedback",
      data: {
        name: [user.firstName, user.lastName].join(" "),
        email: user.email,
        userId: user.id,
        message: body.message,
        rating: body.rating,
        imageLink: imageUrl ? new URL(imageUrl, publicOrigin(request)).href : undefined,
        feedbackId: row.id,
      },
    });
    return { feedbackId: row.id };
  },
});

export const endpoints: Endpoint[] = [giveFeedback];
