import { and, asc, count, desc, eq, inArray, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  type BookingRow,
  bookings,
  HOLDING_RESOLUTION_STATES,
  type ResolutionRow,
  resolutionMessages,
  resolutionPhotos,
  resolutions,
  spaces,
  uploads,
  users,
} from "~/db/schema";
import { roleOf } from "~/domain/booking";
import { displayName } from "~/domain/display-name";
import { DomainError } from "~/domain/errors";
import { formatPeso } from "~/domain/money";
import {
  amountAskedText,
  awardableOn,
  CASE_NOT_FOUND,
  type CaseReason,
  type CaseSide,
  type CaseState,
  isHolding,
  MAX_CASE_PHOTOS,
  maxAward,
  NOT_YOUR_CASE,
  REASON_LABELS,
} from "~/domain/resolution";
import { siteOrigin } from "~/env.server";
import type { ResolutionHeadline } from "~/infra/notifications/resolution-update";
import { notify } from "~/infra/notify.server";
import { postSystemLine } from "./conversation-service.server";
import { toUploadView, type UploadView } from "./uploads.server";

/**
 * The resolution center's shared parts (ADR 0033): finding a case for one of its two sides, the answers the screens
 * show, and telling the other side (a line in the booking's conversation and a notification).
 */

export { CASE_NOT_FOUND, NOT_YOUR_CASE };

export function casePath(resolutionId: string): string {
  return `/user-profile/resolution-center/${resolutionId}`;
}

/** A case as the caller sees it: whose it is, and which side the caller is. */
export type CaseContext = {
  resolution: ResolutionRow;
  booking: BookingRow;
  side: CaseSide;
  openerSide: CaseSide;
  byOpener: boolean;
};

function contextOf(resolution: ResolutionRow, booking: BookingRow, userId: string): CaseContext {
  const side = roleOf(booking, userId);
  if (!side) throw new DomainError("forbidden", NOT_YOUR_CASE);
  const openerSide = roleOf(booking, resolution.openedBy) as CaseSide;
  return { resolution, booking, side, openerSide, byOpener: resolution.openedBy === userId };
}

/**
 * A case the caller is one of the two sides of (locked for the transaction when `lock`): 404 when there is none,
 * 403 when it is between other people.
 */
export async function caseOf(
  db: Database,
  resolutionId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<CaseContext> {
  const query = db.select().from(resolutions).where(eq(resolutions.id, resolutionId));
  const [resolution] = options.lock ? await query.for("update") : await query;
  if (!resolution) throw new DomainError("not_found", CASE_NOT_FOUND);
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, resolution.bookingId));
  if (!booking) throw new DomainError("not_found", CASE_NOT_FOUND);
  return contextOf(resolution, booking, userId);
}

/** How many photos a case keeps. */
export async function photoCount(db: Database, resolutionId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(resolutionPhotos)
    .where(eq(resolutionPhotos.resolutionId, resolutionId));
  return row?.n ?? 0;
}

/** A case in the caller's list. */
export type ResolutionSummary = {
  resolutionId: string;
  bookingId: string;
  spaceTitle: string;
  reason: CaseReason;
  reasonLabel: string;
  state: CaseState;
  /** Centavos. */
  amountAsked: number;
  award: number | null;
  /** Which side opened it, and which side the caller is. */
  openerSide: CaseSide;
  mySide: CaseSide;
  openedByMe: boolean;
  createdAt: string;
  updatedAt: string;
};

export type CasePhoto = UploadView & { addedBySide: CaseSide };

export type CaseMessage = {
  messageId: string;
  side: CaseSide;
  name: string;
  mine: boolean;
  body: string;
  createdAt: string;
};

/** One case with everything its page shows. */
export type ResolutionDetails = ResolutionSummary & {
  description: string;
  booking: { startDate: string; endDate: string; deposits: number };
  openerName: string;
  otherName: string;
  photos: CasePhoto[];
  messages: CaseMessage[];
  decisionNote: string | null;
  decidedAt: string | null;
  /** The most an operator may award: what was asked, within what the booking can give the opener. */
  maxAward: number;
  canReply: boolean;
  canWithdraw: boolean;
  canAddPhotos: boolean;
};

function summaryOf(context: CaseContext, spaceTitle: string): ResolutionSummary {
  const { resolution } = context;
  return {
    resolutionId: resolution.id,
    bookingId: resolution.bookingId,
    spaceTitle,
    reason: resolution.reason,
    reasonLabel: REASON_LABELS[resolution.reason],
    state: resolution.state,
    amountAsked: resolution.amountAsked,
    award: resolution.award,
    openerSide: context.openerSide,
    mySide: context.side,
    openedByMe: context.byOpener,
    createdAt: resolution.createdAt.toISOString(),
    updatedAt: resolution.updatedAt.toISOString(),
  };
}

async function spaceTitleOf(db: Database, spaceId: string): Promise<string> {
  const [space] = await db.select({ title: spaces.spaceTitle }).from(spaces).where(eq(spaces.id, spaceId));
  return space?.title ?? "Your space";
}

/** The caller's cases, both the ones they opened and the ones opened on their bookings; the latest first. */
export async function caseSummaries(db: Database, userId: string): Promise<ResolutionSummary[]> {
  const rows = await db
    .select({ resolution: resolutions, booking: bookings, spaceTitle: spaces.spaceTitle })
    .from(resolutions)
    .innerJoin(bookings, eq(bookings.id, resolutions.bookingId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(or(eq(bookings.renterId, userId), eq(bookings.hostId, userId)))
    .orderBy(desc(resolutions.updatedAt), desc(resolutions.id))
    .limit(200);
  return rows.map((row) =>
    summaryOf(contextOf(row.resolution, row.booking, userId), row.spaceTitle ?? "Your space"),
  );
}

export async function caseDetails(
  db: Database,
  context: CaseContext,
  userId: string,
): Promise<ResolutionDetails> {
  const { resolution, booking } = context;
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [booking.renterId, booking.hostId]));
  const nameOf = (id: string) => {
    const found = people.find((person) => person.id === id);
    return found ? displayName(found) : "Someone";
  };
  const sideOf = (id: string): CaseSide => (id === booking.hostId ? "host" : "renter");
  const photos = await db
    .select({ upload: uploads, addedBy: resolutionPhotos.addedBy })
    .from(resolutionPhotos)
    .innerJoin(uploads, eq(uploads.id, resolutionPhotos.uploadId))
    .where(eq(resolutionPhotos.resolutionId, resolution.id))
    .orderBy(asc(resolutionPhotos.createdAt), asc(uploads.id));
  const thread = await db
    .select()
    .from(resolutionMessages)
    .where(eq(resolutionMessages.resolutionId, resolution.id))
    .orderBy(asc(resolutionMessages.createdAt), asc(resolutionMessages.id));
  const holding = isHolding(resolution.state);
  const otherId = resolution.openedBy === booking.hostId ? booking.renterId : booking.hostId;
  return {
    ...summaryOf(context, await spaceTitleOf(db, booking.spaceId)),
    description: resolution.description,
    booking: { startDate: booking.startDate, endDate: booking.endDate, deposits: booking.deposits },
    openerName: nameOf(resolution.openedBy),
    otherName: nameOf(otherId),
    photos: photos.map((photo) => ({ ...toUploadView(photo.upload), addedBySide: sideOf(photo.addedBy) })),
    messages: thread.map((message) => ({
      messageId: message.id,
      side: sideOf(message.authorId),
      name: nameOf(message.authorId),
      mine: message.authorId === userId,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
    decisionNote: resolution.decisionNote,
    decidedAt: resolution.decidedAt?.toISOString() ?? null,
    maxAward: maxAward(resolution.amountAsked, awardableOn(booking, context.openerSide)),
    canReply: holding,
    canWithdraw: holding && context.byOpener,
    canAddPhotos: holding && photos.length < MAX_CASE_PHOTOS,
  };
}

const SIDE_NAMES: Record<CaseSide, string> = { host: "the host", renter: "the renter" };

/** ", asking ₱1,500.00", or nothing for a case that asks for no money. */
function asking(amountAsked: number): string {
  const amount = amountAskedText(amountAsked);
  return amount ? `, asking ${amount}` : "";
}

/** The line the booking's conversation gets for a case's change (none for a reply: the thread has it). */
function systemLine(headline: ResolutionHeadline, context: CaseContext): string | null {
  const { resolution, openerSide } = context;
  const reason = REASON_LABELS[resolution.reason];
  const by = SIDE_NAMES[openerSide];
  switch (headline) {
    case "opened":
      return `Resolution case opened by ${by}: ${reason}${asking(resolution.amountAsked)}.`;
    case "withdrawn":
      return `Resolution case withdrawn by ${by}: ${reason}.`;
    case "decided":
      return `Resolution case decided: ${formatPeso(resolution.award ?? 0)} awarded to ${by} (${reason}).`;
    default:
      return null;
  }
}

function whatHappened(headline: ResolutionHeadline, context: CaseContext): string {
  const { resolution, openerSide } = context;
  switch (headline) {
    case "opened":
      return `The ${openerSide} opened a case${asking(resolution.amountAsked)}. Please answer it in the resolution center.`;
    case "replied":
      return "There is a new reply in the case's thread.";
    case "withdrawn":
      return `The ${openerSide} withdrew the case.`;
    case "decided":
      return `${formatPeso(resolution.award ?? 0)} was awarded to the ${openerSide}${resolution.decisionNote ? `: ${resolution.decisionNote}` : "."}`;
  }
}

/**
 * Tells a case's news: a line in the booking's conversation, and a notification (the bell, and by e-mail and SMS as
 * each one's settings say) to the side who did not act — to both when an operator decided (`actorId` null).
 */
export async function tellCaseNews(
  db: Database,
  resolutionId: string,
  headline: ResolutionHeadline,
  actorId: string | null,
): Promise<void> {
  const [resolution] = await db.select().from(resolutions).where(eq(resolutions.id, resolutionId));
  const [booking] = resolution
    ? await db.select().from(bookings).where(eq(bookings.id, resolution.bookingId))
    : [];
  if (!resolution || !booking) return;
  const context = contextOf(resolution, booking, resolution.openedBy);
  const line = systemLine(headline, context);
  if (line)
    await postSystemLine(db, { spaceId: booking.spaceId, renterId: booking.renterId }, line, {
      bookingId: booking.id,
    });
  const recipients = [booking.renterId, booking.hostId].filter((id) => id !== actorId);
  const people = await db.select().from(users).where(inArray(users.id, recipients));
  const spaceTitle = await spaceTitleOf(db, booking.spaceId);
  const path = casePath(resolution.id);
  for (const person of people) {
    await notify({
      userId: person.id,
      kind: "resolutionUpdate",
      data: {
        name: displayName(person),
        headline,
        spaceTitle,
        reason: REASON_LABELS[resolution.reason],
        what: whatHappened(headline, context),
        casePath: path,
        caseLink: new URL(path, siteOrigin()).href,
      },
    });
  }
}

/** Whether this person has a case still holding on this booking (one at a time: the rest goes in its thread). */
export async function hasHoldingCase(db: Database, bookingId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: resolutions.id })
    .from(resolutions)
    .where(
      and(
        eq(resolutions.bookingId, bookingId),
        eq(resolutions.openedBy, userId),
        inArray(resolutions.state, [...HOLDING_RESOLUTION_STATES]),
      ),
    )
    .limit(1);
  return Boolean(row);
}
