import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod/v4";
import { BOOKING_NOT_FOUND, bookingTransaction } from "~/core/booking-service.server";
import { sendReportNews } from "~/core/deposit-news.server";
import { hasHoldingCase, settleDeposit } from "~/core/deposits.server";
import { toUploadView, type UploadView } from "~/core/uploads.server";
import type { Database } from "~/db/client.server";
import {
  type BookingRow,
  bookingDeposits,
  bookings,
  CONDITION_STAGES,
  type ConditionStage,
  conditionReportEntries,
  conditionReports,
  spaces,
  uploads,
} from "~/db/schema";
import { roleOf } from "~/domain/booking";
import {
  assertCanAddEntry,
  assertCanConfirmCheckout,
  assertCanSignOff,
  bookingEnd,
  DEPOSIT_MESSAGES,
  type DepositStatus,
  depositDeadline,
  depositStatus,
  hasEnded,
  isPastDepositDeadline,
  NOTE_MAX_LENGTH,
  REPORT_MESSAGES,
  type ReportStatus,
  reportStandsAt,
  reportStatus,
} from "~/domain/deposits";
import { DomainError } from "~/domain/errors";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { imageUploadEndpoint } from "../space/image-uploads.server";

/**
 * The move-in / move-out checklist and the deposit panel (docs/product.md, Screens and routes:
 * bookings/deposit-management-checklist; Deposits and condition reports; ADR 0032). The product rules leave these calls
 * unnamed; ours, under /api:
 * - GET /reserve/depositChecklist/{bookingId}: the deposit's state and deadline, both sides' reports of both stages;
 * - POST /reserve/addConditionNote: a note in the caller's report of a stage;
 * - POST /space/imageUploadBookingFeedback (the product's upload type bookingFeedback): photos, with `bookingId` and
 *   `stage` added to the caller's report (their capture time read from EXIF before it is stripped), or without them
 *   only stored, for feedback about a booking;
 * - POST /reserve/signOffConditionReport: the other side signs a report of a stage off;
 * - POST /reserve/confirmDepositChecklist: the host confirms the move-out checklist, which releases the deposit.
 * Only the booking's renter and host: anyone else is refused with 403.
 */

const NOTE_TOO_LONG = `A note can be at most ${NOTE_MAX_LENGTH} characters.`;
export const CHECKOUT_CONFIRMED =
  "You confirmed the move-out checklist. The deposit goes back to the renter.";
export const CONFIRMED_REASON = "The host confirmed the move-out checklist.";

const bookingId = z.uuid({ error: BOOKING_NOT_FOUND });
const stage = z.enum(CONDITION_STAGES, { error: "Please choose move-in or move-out." });
const note = z.string().trim().max(NOTE_MAX_LENGTH, { error: NOTE_TOO_LONG });

/** The booking and the caller's side of it; 404 when there is no such booking, 403 when it is someone else's. */
async function partyOf(db: Database, id: string, userId: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!booking) throw new ApiError(404, BOOKING_NOT_FOUND);
  const role = roleOf(booking, userId);
  if (!role) throw new ApiError(403, REPORT_MESSAGES.notYours);
  return { booking, role };
}

async function depositOf(db: Database, id: string) {
  const [deposit] = await db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, id));
  return deposit ?? null;
}

async function reportOf(db: Database, id: string, of: ConditionStage, side: "renter" | "host") {
  const [report] = await db
    .select()
    .from(conditionReports)
    .where(
      and(
        eq(conditionReports.bookingId, id),
        eq(conditionReports.stage, of),
        eq(conditionReports.side, side),
      ),
    );
  return report ?? null;
}

/**
 * Adds entries to the caller's report of `of` (made on its first entry), in the caller's transaction: refused when
 * the stage is closed, or the report is signed off or stands.
 */
async function addEntries(
  tx: Database,
  input: { booking: BookingRow; role: "renter" | "host"; userId: string; stage: ConditionStage },
  entries: { note: string | null; uploadId: string | null }[],
  now = new Date(),
): Promise<void> {
  // The booking's row orders entries against a settlement and a sign-off of the same report.
  await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, input.booking.id)).for("update");
  const deposit = await depositOf(tx, input.booking.id);
  const existing = await reportOf(tx, input.booking.id, input.stage, input.role);
  assertCanAddEntry({
    stage: input.stage,
    bookingState: input.booking.state,
    depositSettled: Boolean(deposit && deposit.state !== "held"),
    report: existing,
    now,
  });
  const [report] = existing
    ? await tx
        .update(conditionReports)
        .set({ updatedAt: now })
        .where(eq(conditionReports.id, existing.id))
        .returning()
    : await tx
        .insert(conditionReports)
        .values({
          bookingId: input.booking.id,
          stage: input.stage,
          side: input.role,
          authorId: input.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
  if (!report) throw new Error("the condition report was not saved");
  await tx
    .insert(conditionReportEntries)
    .values(entries.map((entry, position) => ({ reportId: report.id, ...entry, position, createdAt: now })));
}

// ─── The checklist ──────────────────────────────────────────────────────────────────────────────────────────────────

export type ReportEntryView = {
  entryId: string;
  note: string | null;
  photo: UploadView | null;
  /** When the photo was taken (EXIF), if it said. */
  capturedAt: string | null;
  createdAt: string;
};

export type ReportView = {
  stage: ConditionStage;
  side: "renter" | "host";
  mine: boolean;
  status: ReportStatus;
  standsAt: string;
  signedOffAt: string | null;
  canSignOff: boolean;
  entries: ReportEntryView[];
};

export type DepositChecklist = {
  bookingId: string;
  role: "renter" | "host";
  state: BookingRow["state"];
  spaceTitle: string;
  startDate: string;
  endDate: string;
  deposit: {
    status: DepositStatus;
    amount: number;
    awardedToHost: number;
    refundedToRenter: number;
    reason: string | null;
    settledAt: string | null;
    /** The end of the booking's last day in Manila, and the host's deadline 72 hours later. */
    endsAt: string;
    deadline: string;
    /** The host may confirm the move-out checklist now (releasing it), or open a claim. */
    canConfirm: boolean;
    canClaim: boolean;
  };
  reports: ReportView[];
  /** Per stage: null when the caller may add to their report now, else why not. */
  canAdd: Record<ConditionStage, string | null>;
};

function refusal(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

export const depositChecklist = defineEndpoint({
  method: "GET",
  path: "/reserve/depositChecklist/{bookingId}",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "The move-in / move-out checklist of a booking (its renter or host only): the deposit's state, the end and the host's 72-hour deadline, what the caller may do, and both sides' condition reports with their photos (capture time from EXIF) and notes.",
  tags: ["reserve"],
  params: z.strictObject({ bookingId }),
  async handler({ db, user, params }): Promise<DepositChecklist> {
    const { booking, role } = await partyOf(db, params.bookingId, user.id);
    const now = new Date();
    const deposit = await depositOf(db, booking.id);
    const caseOpen = await hasHoldingCase(db, booking.id);
    const [space] = await db
      .select({ spaceTitle: spaces.spaceTitle })
      .from(spaces)
      .where(eq(spaces.id, booking.spaceId));
    const reportRows = await db
      .select()
      .from(conditionReports)
      .where(eq(conditionReports.bookingId, booking.id))
      .orderBy(asc(conditionReports.createdAt));
    const entryRows = reportRows.length
      ? await db
          .select({ entry: conditionReportEntries, upload: uploads })
          .from(conditionReportEntries)
          .leftJoin(uploads, eq(uploads.id, conditionReportEntries.uploadId))
          .where(
            inArray(
              conditionReportEntries.reportId,
              reportRows.map((report) => report.id),
            ),
          )
          .orderBy(asc(conditionReportEntries.createdAt), asc(conditionReportEntries.position))
      : [];
    const held = deposit?.state === "held";
    const ended = hasEnded(booking, now);
    const hostMayAct = role === "host" && held && ended && !caseOpen;
    const reports = reportRows.map(
      (report): ReportView => ({
        stage: report.stage,
        side: report.side,
        mine: report.side === role,
        status: reportStatus(report, now),
        standsAt: reportStandsAt(report).toISOString(),
        signedOffAt: report.signedOffAt?.toISOString() ?? null,
        canSignOff: refusal(() => assertCanSignOff({ signer: role, report, now })) === null,
        entries: entryRows
          .filter(({ entry }) => entry.reportId === report.id)
          .map(({ entry, upload }) => ({
            entryId: entry.id,
            note: entry.note,
            photo: upload ? toUploadView(upload) : null,
            capturedAt: upload?.capturedAt?.toISOString() ?? null,
            createdAt: entry.createdAt.toISOString(),
          })),
      }),
    );
    const canAdd = Object.fromEntries(
      CONDITION_STAGES.map((of) => [
        of,
        refusal(() =>
          assertCanAddEntry({
            stage: of,
            bookingState: booking.state,
            depositSettled: Boolean(deposit && !held),
            report: reportRows.find((report) => report.stage === of && report.side === role) ?? null,
            now,
          }),
        ),
      ]),
    ) as Record<ConditionStage, string | null>;
    return {
      bookingId: booking.id,
      role,
      state: booking.state,
      spaceTitle: space?.spaceTitle ?? "Your space",
      startDate: booking.startDate,
      endDate: booking.endDate,
      deposit: {
        status: depositStatus(deposit, caseOpen),
        amount: deposit?.amount ?? 0,
        awardedToHost: deposit?.awardedToHost ?? 0,
        refundedToRenter: deposit?.refundedToRenter ?? 0,
        reason: deposit?.reason ?? null,
        settledAt: deposit?.settledAt?.toISOString() ?? null,
        endsAt: bookingEnd(booking).toISOString(),
        deadline: depositDeadline(booking).toISOString(),
        canConfirm: hostMayAct,
        canClaim: hostMayAct && !isPastDepositDeadline(booking, now),
      },
      reports,
      canAdd,
    };
  },
});

export const addConditionNote = defineEndpoint({
  method: "POST",
  path: "/reserve/addConditionNote",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "Adds a note to the caller's condition report of a stage (move_in from approval until the end, move_out from the start until the deposit is settled); refused once the report is signed off or stands.",
  tags: ["reserve"],
  message: "Your note is added to the report.",
  body: z.strictObject({ bookingId, stage, note }),
  async handler({ db, user, body }) {
    if (!body.note)
      throw new ApiError(400, REPORT_MESSAGES.empty, [{ field: "note", message: REPORT_MESSAGES.empty }]);
    const { booking, role } = await partyOf(db, body.bookingId, user.id);
    await db.transaction((tx) =>
      addEntries(tx, { booking, role, userId: user.id, stage: body.stage }, [
        { note: body.note, uploadId: null },
      ]),
    );
    return { bookingId: booking.id, stage: body.stage };
  },
});

/**
 * The product's upload type bookingFeedback. With `bookingId` and `stage`, the photos (and the optional `note`, on the
 * first) join the caller's report of that stage; with `bookingId` alone they are only stored, for feedback about
 * the booking. Either way the caller must be one of the booking's two people.
 */
export const imageUploadBookingFeedback = imageUploadEndpoint("bookingFeedback", {
  path: "/space/imageUploadBookingFeedback",
  answers: [403, 404, 409],
  summary:
    "Uploads photos about a booking (its renter or host): with bookingId and stage they join the caller's move-in or move-out condition report, with their capture time from EXIF; otherwise they are only stored, to attach to feedback.",
  multiple: true,
  fields: { bookingId: bookingId.optional(), stage: stage.optional(), note: note.optional() },
  async authorize({ db, user, fields }) {
    const id = fields.bookingId as string | undefined;
    if (fields.stage !== undefined && !id)
      throw new ApiError(400, BOOKING_NOT_FOUND, [{ field: "bookingId", message: BOOKING_NOT_FOUND }]);
    if (!id) return;
    const { booking, role } = await partyOf(db, id, user.id);
    if (fields.stage === undefined) return;
    const deposit = await depositOf(db, id);
    // Checked before anything is stored; checked again, under the booking's lock, when the photos are added.
    assertCanAddEntry({
      stage: fields.stage as ConditionStage,
      bookingState: booking.state,
      depositSettled: Boolean(deposit && deposit.state !== "held"),
      report: await reportOf(db, id, fields.stage as ConditionStage, role),
      now: new Date(),
    });
  },
  async attach({ db, user, fields }, stored) {
    const id = fields.bookingId as string | undefined;
    const of = fields.stage as ConditionStage | undefined;
    if (!id || !of) return undefined;
    const { booking, role } = await partyOf(db, id, user.id);
    const text = (fields.note as string | undefined) || null;
    await db.transaction((tx) =>
      addEntries(
        tx,
        { booking, role, userId: user.id, stage: of },
        stored.map((photo, i) => ({ note: i === 0 ? text : null, uploadId: photo.uploadId })),
      ),
    );
    return { bookingId: id, stage: of };
  },
});

export const signOffConditionReport = defineEndpoint({
  method: "POST",
  path: "/reserve/signOffConditionReport",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "Signs off the other side's condition report of a stage (once, before it stands 72 hours after its last entry); its author is notified.",
  tags: ["reserve"],
  message: "You signed off the report.",
  body: z.strictObject({ bookingId, stage }),
  async handler({ db, user, body }) {
    const { booking, role } = await partyOf(db, body.bookingId, user.id);
    const other = role === "renter" ? "host" : "renter";
    // A booking transaction: the job that tells the report's author is sent in it (the queue starts first).
    await bookingTransaction(db, async (tx) => {
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for("update");
      const now = new Date();
      const report = await reportOf(tx, booking.id, body.stage, other);
      assertCanSignOff({ signer: role, report, now });
      const [signed] = await tx
        .update(conditionReports)
        .set({ signedOffBy: user.id, signedOffAt: now })
        .where(
          and(eq(conditionReports.id, (report as { id: string }).id), isNull(conditionReports.signedOffAt)),
        )
        .returning({ id: conditionReports.id });
      if (signed) await sendReportNews(tx, signed.id);
    });
    return { bookingId: booking.id, stage: body.stage };
  },
});

export const confirmDepositChecklist = defineEndpoint({
  method: "POST",
  path: "/reserve/confirmDepositChecklist",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "The host confirms the move-out checklist after the booking's end: the deposit is released to the renter now (refused while a case is open, before the end, or once it is settled).",
  tags: ["reserve"],
  message: CHECKOUT_CONFIRMED,
  body: z.strictObject({ bookingId }),
  async handler({ db, user, body }) {
    const { booking, role } = await partyOf(db, body.bookingId, user.id);
    if (role !== "host") throw new ApiError(403, DEPOSIT_MESSAGES.hostOnly);
    await bookingTransaction(db, async (tx) => {
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for("update");
      const deposit = await depositOf(tx, booking.id);
      assertCanConfirmCheckout({
        hasDeposit: Boolean(deposit),
        settled: Boolean(deposit && deposit.state !== "held"),
        ended: hasEnded(booking, new Date()),
        caseOpen: await hasHoldingCase(tx, booking.id),
      });
      await settleDeposit(tx, { bookingId: booking.id, awardToHost: 0, reason: CONFIRMED_REASON });
    });
    return { bookingId: booking.id };
  },
});

export const endpoints: Endpoint[] = [
  depositChecklist,
  addConditionNote,
  imageUploadBookingFeedback,
  signOffConditionReport,
  confirmDepositChecklist,
];
