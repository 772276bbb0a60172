import { and, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { conversations, messages, type ReportRow, reports, reviews, spaces, users } from "~/db/schema";
import { displayName } from "~/domain/display-name";
import { DomainError } from "~/domain/errors";
import { isUuid } from "~/domain/ids";
import { REPORT_MESSAGES, type ReportKind, type ReportReason, type ReportStatus } from "~/domain/reports";
import { type Actor, writeAudit } from "./audit.server";

/**
 * Reports from users (ADR 0070). Anyone logged in reports what they can see — a listing,
 * a user, a message of a conversation they are in, a review — once each, never themselves or what they wrote. The
 * console lists the reports with what they are about and closes them as actioned or dismissed; hiding the listing or
 * suspending the user are the console's own services.
 */

export type ReportInput = { kind: ReportKind; targetId: string; reason: ReportReason; note: string };

const MESSAGE_ID = /^[1-9][0-9]{0,17}$/;

/** How a target's id is stored: a message's number as written, any other id in lower case. */
function storedTargetId(kind: ReportKind, targetId: string): string {
  return kind === "message" ? targetId : targetId.toLowerCase();
}

/** Refuses what the reporter cannot see (not found) and themselves (forbidden); the target's id as stored. */
async function reportableTarget(
  db: Database,
  reporterId: string,
  kind: ReportKind,
  id: string,
): Promise<string> {
  const targetId = storedTargetId(kind, id);
  const owner = await visibleTargetOwner(db, reporterId, kind, targetId);
  if (owner === null) throw new DomainError("not_found", REPORT_MESSAGES.notFound[kind]);
  if (owner === reporterId) throw new DomainError("forbidden", REPORT_MESSAGES.self);
  return targetId;
}

/**
 * Whether the reporter may report this, asked before they write: the same refusals as filing it, and a second
 * report (conflict). Someone else's thing they cannot see is not found, as it is when filing.
 */
export async function checkReportable(db: Database, reporterId: string, kind: ReportKind, id: string) {
  const targetId = await reportableTarget(db, reporterId, kind, id);
  const [filed] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.kind, kind), eq(reports.targetId, targetId)));
  if (filed) throw new DomainError("conflict", REPORT_MESSAGES.already);
}

/** Stores the report; refuses what the reporter cannot see (not found), themselves, and a second report (conflict). */
export async function fileReport(db: Database, reporterId: string, input: ReportInput): Promise<ReportRow> {
  const targetId = await reportableTarget(db, reporterId, input.kind, input.targetId);
  const [row] = await db
    .insert(reports)
    .values({ reporterId, kind: input.kind, targetId, reason: input.reason, note: input.note })
    .onConflictDoNothing({ target: [reports.reporterId, reports.kind, reports.targetId] })
    .returning();
  if (!row) throw new DomainError("conflict", REPORT_MESSAGES.already);
  return row;
}

/**
 * Whose the reported thing is (the listing's host, the user, the message's writer, the review's author) when the
 * reporter can see it; null when it is not there for them. A system line of a conversation has no writer and cannot
 * be reported.
 */
async function visibleTargetOwner(
  db: Database,
  reporterId: string,
  kind: ReportKind,
  targetId: string,
): Promise<string | null> {
  if (kind === "message") {
    if (!MESSAGE_ID.test(targetId)) return null;
    const [row] = await db
      .select({ senderId: messages.senderId })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(messages.id, Number(targetId)),
          eq(messages.kind, "text"),
          or(eq(conversations.renterId, reporterId), eq(conversations.hostId, reporterId)),
        ),
      );
    return row?.senderId ?? null;
  }
  if (!isUuid(targetId)) return null;
  if (kind === "listing") {
    const [row] = await db
      .select({ hostId: spaces.hostId, status: spaces.status })
      .from(spaces)
      .where(eq(spaces.id, targetId));
    if (!row || (row.status !== "active" && row.hostId !== reporterId)) return null;
    return row.hostId;
  }
  if (kind === "user") {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, targetId));
    return row?.id ?? null;
  }
  const [row] = await db
    .select({ authorId: reviews.authorId, subjectId: reviews.subjectId, shownAt: reviews.shownAt })
    .from(reviews)
    .where(eq(reviews.id, targetId));
  // A review not shown yet is seen only by its author.
  if (!row || (row.shownAt === null && row.authorId !== reporterId)) return null;
  return row.authorId;
}

export type ReportFilter = { status?: ReportStatus; kind?: ReportKind; id?: string; limit?: number };

/** What a report is about, as the console shows it beside the report. */
export type ReportContext =
  | { kind: "listing"; title: string; hostId: string; status: string }
  | { kind: "user"; name: string; email: string }
  | { kind: "message"; body: string; senderId: string | null; conversationId: string }
  | { kind: "review"; text: string; stars: number; authorId: string; subjectId: string }
  | { kind: "gone" };

export type ReportView = ReportRow & {
  reporter: { id: string; name: string; email: string };
  /** The user whose content it is (or the user reported): whom trust may suspend. */
  ownerId: string | null;
  context: ReportContext;
};

/** The reports, newest first, with their reporter and what they are about (the console's list). */
export async function listReports(db: Database, filter: ReportFilter = {}): Promise<ReportView[]> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(reports.status, filter.status));
  if (filter.kind) where.push(eq(reports.kind, filter.kind));
  if (filter.id !== undefined) {
    if (!isUuid(filter.id)) return [];
    where.push(eq(reports.id, filter.id));
  }
  const rows = await db
    .select({ report: reports, reporter: users })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(...where))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(filter.limit ?? 100);
  const contexts = await contextsOf(
    db,
    rows.map((row) => row.report),
  );
  return rows.map(({ report, reporter }) => {
    const context = contexts.get(`${report.kind}:${report.targetId}`) ?? { kind: "gone" as const };
    return {
      ...report,
      reporter: { id: reporter.id, name: displayName(reporter), email: reporter.email },
      ownerId: ownerOf(context, report),
      context,
    };
  });
}

function ownerOf(context: ReportContext, report: ReportRow): string | null {
  switch (context.kind) {
    case "listing":
      return context.hostId;
    case "user":
      return report.targetId;
    case "message":
      return context.senderId;
    case "review":
      return context.authorId;
    default:
      return null;
  }
}

/** Each reported thing's context, read with one query per kind. */
async function contextsOf(db: Database, rows: ReportRow[]): Promise<Map<string, ReportContext>> {
  const ids = (kind: ReportKind) => [
    ...new Set(rows.filter((row) => row.kind === kind).map((row) => row.targetId)),
  ];
  const found = new Map<string, ReportContext>();
  const listingIds = ids("listing");
  if (listingIds.length)
    for (const row of await db
      .select({ id: spaces.id, title: spaces.spaceTitle, hostId: spaces.hostId, status: spaces.status })
      .from(spaces)
      .where(inArray(spaces.id, listingIds)))
      found.set(`listing:${row.id}`, {
        kind: "listing",
        title: row.title ?? "",
        hostId: row.hostId,
        status: row.status,
      });
  const userIds = ids("user");
  if (userIds.length)
    for (const row of await db.select().from(users).where(inArray(users.id, userIds)))
      found.set(`user:${row.id}`, { kind: "user", name: displayName(row), email: row.email });
  const messageIds = ids("message").map(Number);
  if (messageIds.length)
    for (const row of await db.select().from(messages).where(inArray(messages.id, messageIds)))
      found.set(`message:${row.id}`, {
        kind: "message",
        body: row.body,
        senderId: row.senderId,
        conversationId: row.conversationId,
      });
  const reviewIds = ids("review");
  if (reviewIds.length)
    for (const row of await db.select().from(reviews).where(inArray(reviews.id, reviewIds)))
      found.set(`review:${row.id}`, {
        kind: "review",
        text: row.text,
        stars: row.stars,
        authorId: row.authorId,
        subjectId: row.subjectId,
      });
  return found;
}

/**
 * Closes an open or closed report as actioned or dismissed (an operator's decision). With `audit` (the console's
 * call) the operator's audit row is written in the same transaction.
 */
export async function closeReport(
  db: Database,
  id: string,
  status: Exclude<ReportStatus, "open">,
  audit?: { actor: Actor; note: string; after?: Record<string, unknown> },
): Promise<ReportRow> {
  if (status !== "actioned" && status !== "dismissed")
    throw new DomainError("invalid", REPORT_MESSAGES.closeStatus, "status");
  if (!isUuid(id)) throw new DomainError("not_found", REPORT_MESSAGES.reportNotFound);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: reports.status })
      .from(reports)
      .where(eq(reports.id, id))
      .for("update");
    const [row] = await tx
      .update(reports)
      .set({ status, closedAt: new Date() })
      .where(eq(reports.id, id))
      .returning();
    if (!row || !before) throw new DomainError("not_found", REPORT_MESSAGES.reportNotFound);
    if (audit)
      await writeAudit(tx, audit.actor, {
        action: status === "actioned" ? "report.action" : "report.dismiss",
        recordType: "report",
        recordId: id,
        before: { status: before.status },
        after: { status, ...audit.after },
        note: audit.note,
      });
    return row;
  });
}
