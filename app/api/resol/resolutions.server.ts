import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod/v4";
import {
  type CaseContext,
  caseDetails,
  caseOf,
  caseSummaries,
  hasHoldingCase,
  type ResolutionDetails,
  type ResolutionSummary,
  tellCaseNews,
} from "~/core/resolution-service.server";
import { type Database, isUniqueViolation } from "~/db/client.server";
import {
  bookings,
  RESOLUTION_REASONS,
  resolutionMessages,
  resolutionPhotos,
  resolutions,
  uploads,
} from "~/db/schema";
import { roleOf } from "~/domain/booking";
import { DomainError } from "~/domain/errors";
import {
  ALREADY_OPEN,
  CASE_NOT_FOUND,
  type CaseState,
  checkOpening,
  checkWithdrawal,
  DESCRIPTION_MAX_LENGTH,
  MAX_CASE_PHOTOS,
  MESSAGE_MAX_LENGTH,
  stateAfterReply,
} from "~/domain/resolution";
import type { ResolutionHeadline } from "~/infra/notifications/resolution-update";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";

/**
 * The resolution center's calls (the /resol and /rating calls; ADR 0033). The product names three: open a case
 * (POST /resol/addResolution), the caller's cases (GET /resol/getMyResolutionList) and one case
 * (GET /resol/viewResolution). The thread's reply (POST /resol/replyResolution) and the opener's withdrawal
 * (POST /resol/withdrawResolution) are ours. A case's photos are uploaded with POST /space/imageUploadResolution
 * (app/api/space/resolution-files.server.ts). Only the booking's renter and host see or change a case; an
 * operator decides it from the shell (`npm run ops -- resolution:decide`, ~/core/resolution-decide.server.ts).
 */

export const BOOKING_NOT_FOUND = "This booking was not found.";
export const NOT_YOUR_BOOKING = "You can open a case only on a booking you rent or host.";
export const NOT_YOUR_LIST = "You can only see your own cases.";
export const NOT_YOUR_PHOTO = "You can only attach photos you uploaded for a new case.";
const CHOOSE_BOOKING = "Please choose the booking the case is about.";
const CHOOSE_REASON = "Please choose a reason.";
const DESCRIBE = "Please describe what happened.";
const DESCRIPTION_TOO_LONG = `The description can be at most ${DESCRIPTION_MAX_LENGTH} characters.`;
export const AMOUNT_RULE = "Enter an amount of zero or more, in pesos and centavos.";
const WRITE_MESSAGE = "Please write your message.";
const MESSAGE_TOO_LONG = `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`;
const CASE_ID = z.uuid({ error: CASE_NOT_FOUND });

/** Form-encoded callers send text: "150000" is 150000 centavos; nothing is 0. */
const centavos = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value)) : value),
  z.number({ error: AMOUNT_RULE }).int(AMOUNT_RULE).min(0, AMOUNT_RULE).default(0),
);

/** One id or several: a form with one photo sends a string. */
const photoIds = z.preprocess(
  (value) => (typeof value === "string" ? [value] : value),
  z
    .array(z.uuid({ error: NOT_YOUR_PHOTO }))
    .max(MAX_CASE_PHOTOS, `A case keeps at most ${MAX_CASE_PHOTOS} photos.`)
    .optional(),
);

/** The fields of a new case, shared with the screen that opens one. */
export const CaseFieldsSchema = z.object({
  bookingId: z.uuid({ error: CHOOSE_BOOKING }),
  reason: z.enum(RESOLUTION_REASONS, { error: CHOOSE_REASON }),
  description: z
    .string({ error: DESCRIBE })
    .trim()
    .min(1, DESCRIBE)
    .max(DESCRIPTION_MAX_LENGTH, DESCRIPTION_TOO_LONG),
});

export const ReplyFieldsSchema = z.object({
  message: z
    .string({ error: WRITE_MESSAGE })
    .trim()
    .min(1, WRITE_MESSAGE)
    .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
});

export const addResolution = defineEndpoint({
  method: "POST",
  path: "/resol/addResolution",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "Opens a case on the caller's booking: bookingId, reason (damage, access_refused, not_as_described, payment, other), amountAsked (centavos), description, and photoUploadIds from POST /space/imageUploadResolution. A host's damage (deposit) claim opens from the booking's end until 72 hours after it; a renter never claims their own deposit; one open case per booking and side. The other side is told.",
  tags: ["resolutions"],
  message: "Your case is open. The other side has been told.",
  body: z.strictObject({ ...CaseFieldsSchema.shape, amountAsked: centavos, photoUploadIds: photoIds }),
  async handler({ db, user, body }): Promise<ResolutionDetails> {
    const resolutionId = await db
      .transaction(async (tx) => {
        // The booking is locked so that its money and two cases racing are judged once.
        const [booking] = await tx
          .select()
          .from(bookings)
          .where(eq(bookings.id, body.bookingId))
          .for("update");
        if (!booking)
          throw new ApiError(404, BOOKING_NOT_FOUND, [{ field: "bookingId", message: BOOKING_NOT_FOUND }]);
        const side = roleOf(booking, user.id);
        if (!side)
          throw new ApiError(403, NOT_YOUR_BOOKING, [{ field: "bookingId", message: NOT_YOUR_BOOKING }]);
        checkOpening({
          booking,
          side,
          reason: body.reason,
          amountAsked: body.amountAsked,
          now: new Date(),
          holdingCase: await hasHoldingCase(tx, booking.id, user.id),
        });
        const photoUploadIds = [...new Set(body.photoUploadIds ?? [])];
        if (photoUploadIds.length > 0) {
          // Only the caller's own resolution photos that no case has yet.
          const free = await tx
            .select({ id: uploads.id })
            .from(uploads)
            .leftJoin(resolutionPhotos, eq(resolutionPhotos.uploadId, uploads.id))
            .where(
              and(
                inArray(uploads.id, photoUploadIds),
                eq(uploads.ownerId, user.id),
                eq(uploads.kind, "resolution"),
                isNull(resolutionPhotos.uploadId),
              ),
            );
          if (free.length !== photoUploadIds.length)
            throw new ApiError(403, NOT_YOUR_PHOTO, [{ field: "photoUploadIds", message: NOT_YOUR_PHOTO }]);
        }
        const [row] = await tx
          .insert(resolutions)
          .values({
            bookingId: booking.id,
            openedBy: user.id,
            reason: body.reason,
            amountAsked: body.amountAsked,
            description: body.description,
          })
          .returning();
        if (!row) throw new Error("the case was not stored");
        if (photoUploadIds.length > 0)
          await tx
            .insert(resolutionPhotos)
            .values(photoUploadIds.map((uploadId) => ({ resolutionId: row.id, uploadId, addedBy: user.id })));
        return row.id;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new DomainError("conflict", ALREADY_OPEN, "bookingId");
        throw error;
      });
    await tellCaseNews(db, resolutionId, "opened", user.id);
    return caseDetails(db, await caseOf(db, resolutionId, user.id), user.id);
  },
});

export const getMyResolutionList = defineEndpoint({
  method: "GET",
  path: "/resol/getMyResolutionList",
  auth: "required",
  answers: [403],
  summary:
    "The cases of user userId (the caller only: 403 otherwise), the ones they opened and the ones opened on their bookings, the latest first.",
  tags: ["resolutions"],
  query: z.strictObject({ userId: z.uuid({ error: NOT_YOUR_LIST }) }),
  async handler({ db, user, query }): Promise<ResolutionSummary[]> {
    if (query.userId !== user.id) throw new ApiError(403, NOT_YOUR_LIST);
    return caseSummaries(db, user.id);
  },
});

export const viewResolution = defineEndpoint({
  method: "GET",
  path: "/resol/viewResolution",
  auth: "required",
  answers: [403, 404],
  summary:
    "One case for its renter or host (403 for anyone else): details, photos, thread, and the decision and award once decided.",
  tags: ["resolutions"],
  query: z.strictObject({ resolutionId: CASE_ID }),
  async handler({ db, user, query }): Promise<ResolutionDetails> {
    return caseDetails(db, await caseOf(db, query.resolutionId, user.id), user.id);
  },
});

/**
 * Changes a case one of its two sides acts on: `work` runs with the case locked and answers its new state; then the
 * other side is told and the caller gets the case as it is now.
 */
async function changeCase(
  db: Database,
  userId: string,
  resolutionId: string,
  headline: ResolutionHeadline,
  work: (tx: Database, context: CaseContext) => Promise<CaseState>,
): Promise<ResolutionDetails> {
  await db.transaction(async (tx) => {
    const context = await caseOf(tx, resolutionId, userId, { lock: true });
    const state = await work(tx, context);
    await tx
      .update(resolutions)
      .set({ state, updatedAt: new Date() })
      .where(eq(resolutions.id, resolutionId));
  });
  await tellCaseNews(db, resolutionId, headline, userId);
  return caseDetails(db, await caseOf(db, resolutionId, userId), userId);
}

export const replyResolution = defineEndpoint({
  method: "POST",
  path: "/resol/replyResolution",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "Writes in a case's thread (its renter or host; 403 for anyone else). The other side's first reply moves the case from open to answered; a decided or withdrawn case takes no more.",
  tags: ["resolutions"],
  message: "Your reply was added.",
  body: z.strictObject({ resolutionId: CASE_ID, ...ReplyFieldsSchema.shape }),
  async handler({ db, user, body }): Promise<ResolutionDetails> {
    return changeCase(db, user.id, body.resolutionId, "replied", async (tx, context) => {
      await tx.insert(resolutionMessages).values({
        resolutionId: context.resolution.id,
        authorId: user.id,
        body: body.message,
      });
      return stateAfterReply(context.resolution.state, context.byOpener);
    });
  },
});

export const withdrawResolution = defineEndpoint({
  method: "POST",
  path: "/resol/withdrawResolution",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "Withdraws an open or answered case: its opener only (403 for the other side or anyone else). The money it held goes on as if there had been no case; the other side is told.",
  tags: ["resolutions"],
  message: "Your case was withdrawn.",
  body: z.strictObject({ resolutionId: CASE_ID }),
  async handler({ db, user, body }): Promise<ResolutionDetails> {
    return changeCase(db, user.id, body.resolutionId, "withdrawn", async (_tx, context) =>
      checkWithdrawal(context.resolution.state, context.byOpener),
    );
  },
});

export const endpoints: Endpoint[] = [
  addResolution,
  getMyResolutionList,
  viewResolution,
  replyResolution,
  withdrawResolution,
];
