import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contactMessages, enquiries, feedback, users } from "~/db/schema";
import type { SupportStatus } from "~/db/schema/support";
import { displayName } from "~/domain/display-name";
import { DomainError } from "~/domain/errors";
import { isUuid } from "~/domain/ids";
import { getEnv } from "~/env.server";
import { transactionWithJobs } from "~/infra/jobs.server";
import { notify } from "~/infra/notify.server";
import { type Actor, writeAudit } from "./audit.server";

/**
 * The support inbox (ADR 0071): one list over what people write to the support team —
 * contact-us messages, feedback (about a booking or the app), missing-space requests and host enquiries — each new,
 * answered or closed. A reply is e-mailed to the sender through the mail job and marks the message answered, in one
 * transaction: the mail goes out only if the answer is kept, and is kept only with its mail. The console shows it.
 */

import { SUPPORT_KINDS, SUPPORT_REPLY_MAX_LENGTH, type SupportKind } from "~/domain/support";

export { SUPPORT_KINDS, SUPPORT_REPLY_MAX_LENGTH, type SupportKind };

export const SUPPORT_MESSAGES = {
  notFound: "This message was not found.",
  replyRequired: "Please write your reply.",
  replyTooLong: `A reply can be at most ${SUPPORT_REPLY_MAX_LENGTH.toLocaleString("en-PH")} characters.`,
  noAddress: "This message has no e-mail address to reply to.",
  closed: "This message is closed. Open it again before you reply.",
} as const;

/** What the reply e-mail calls the message it answers. */
const ABOUT: Record<SupportKind, string> = {
  contactUs: "your message",
  feedback: "your feedback",
  missingSpace: "your request for a space",
  hostEnquiry: "your enquiry about listing your space",
};

/** The enquiry kinds the support team answers (a question about a space goes to its host instead). */
const ENQUIRY_KIND = { missingSpace: "missingSpace", hostEnquiry: "aboutListing" } as const;

export type SupportMessage = {
  kind: SupportKind;
  id: string;
  createdAt: Date;
  status: SupportStatus;
  /** The sender as they gave it, or their account's name and e-mail; null when neither is known any more. */
  name: string | null;
  email: string | null;
  userId: string | null;
  /** What they wrote (a missing-space request: its own fields too, in `details`). */
  message: string;
  /** contactUs: the topic; feedback: the booking and the rating; missingSpace: city, type, size, budget. */
  details: Record<string, unknown>;
  reply: string | null;
  answeredAt: Date | null;
};

export type SupportFilter = { status?: SupportStatus; kind?: SupportKind; limit?: number };

/** The inbox, newest first: each kind read with its own query, merged. */
export async function listSupportMessages(
  db: Database,
  filter: SupportFilter = {},
): Promise<SupportMessage[]> {
  const limit = filter.limit ?? 100;
  const wanted = (kind: SupportKind) => !filter.kind || filter.kind === kind;
  const lists = await Promise.all([
    wanted("contactUs") ? contactUsMessages(db, filter.status, limit) : [],
    wanted("feedback") ? feedbackMessages(db, filter.status, limit) : [],
    wanted("missingSpace") ? enquiryMessages(db, "missingSpace", filter.status, limit) : [],
    wanted("hostEnquiry") ? enquiryMessages(db, "hostEnquiry", filter.status, limit) : [],
  ]);
  return lists
    .flat()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
    .slice(0, limit);
}

/** One message of the inbox, or null when there is none of that kind with that id. */
export async function findSupportMessage(
  db: Database,
  kind: SupportKind,
  id: string,
): Promise<SupportMessage | null> {
  if (!isUuid(id)) return null;
  const [found] =
    kind === "contactUs"
      ? await contactUsMessages(db, undefined, 1, id)
      : kind === "feedback"
        ? await feedbackMessages(db, undefined, 1, id)
        : await enquiryMessages(db, kind, undefined, 1, id);
  return found ?? null;
}

async function contactUsMessages(
  db: Database,
  status: SupportStatus | undefined,
  limit: number,
  id?: string,
) {
  const where: SQL[] = [];
  if (status) where.push(eq(contactMessages.supportStatus, status));
  if (id) where.push(eq(contactMessages.id, id));
  const rows = await db
    .select()
    .from(contactMessages)
    .where(and(...where))
    .orderBy(desc(contactMessages.createdAt))
    .limit(limit);
  return rows.map(
    (row): SupportMessage => ({
      kind: "contactUs",
      id: row.id,
      createdAt: row.createdAt,
      status: row.supportStatus,
      name: row.name,
      email: row.email,
      userId: row.userId,
      message: row.message,
      details: { topic: row.topic },
      reply: row.supportReply,
      answeredAt: row.answeredAt,
    }),
  );
}

async function feedbackMessages(db: Database, status: SupportStatus | undefined, limit: number, id?: string) {
  const where: SQL[] = [];
  if (status) where.push(eq(feedback.supportStatus, status));
  if (id) where.push(eq(feedback.id, id));
  const rows = await db
    .select({ feedback, user: users })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(and(...where))
    .orderBy(desc(feedback.createdAt))
    .limit(limit);
  return rows.map(
    ({ feedback: row, user }): SupportMessage => ({
      kind: "feedback",
      id: row.id,
      createdAt: row.createdAt,
      status: row.supportStatus,
      name: user ? displayName(user) : null,
      email: user?.email ?? null,
      userId: row.userId,
      message: row.message,
      details: { bookingId: row.bookingId, rating: row.rating },
      reply: row.supportReply,
      answeredAt: row.answeredAt,
    }),
  );
}

async function enquiryMessages(
  db: Database,
  kind: keyof typeof ENQUIRY_KIND,
  status: SupportStatus | undefined,
  limit: number,
  id?: string,
) {
  const where: SQL[] = [eq(enquiries.kind, ENQUIRY_KIND[kind])];
  if (status) where.push(eq(enquiries.supportStatus, status));
  if (id) where.push(eq(enquiries.id, id));
  const rows = await db
    .select({ enquiry: enquiries, user: users })
    .from(enquiries)
    .leftJoin(users, eq(users.id, enquiries.userId))
    .where(and(...where))
    .orderBy(desc(enquiries.createdAt))
    .limit(limit);
  return rows.map(
    ({ enquiry: row, user }): SupportMessage => ({
      kind,
      id: row.id,
      createdAt: row.createdAt,
      status: row.supportStatus,
      name: row.name ?? (user ? displayName(user) : null),
      email: row.email ?? user?.email ?? null,
      userId: row.userId,
      message: row.message ?? "",
      details: row.details,
      reply: row.supportReply,
      answeredAt: row.answeredAt,
    }),
  );
}

/** The table and columns behind each kind, for the writes. */
function tableOf(kind: SupportKind) {
  if (kind === "contactUs") return contactMessages;
  if (kind === "feedback") return feedback;
  return enquiries;
}

/**
 * E-mails `text` to the sender of the message and marks it answered, with the reply kept on it. A closed message is
 * opened again first (setSupportStatus), so a late reply is a decision, not a slip.
 */
export async function replyToSupportMessage(
  db: Database,
  kind: SupportKind,
  id: string,
  text: string,
  /** The operator answering in the console: their audit row is written in the reply's transaction. */
  actor?: Actor,
): Promise<SupportMessage> {
  const reply = text.trim();
  if (!reply) throw new DomainError("invalid", SUPPORT_MESSAGES.replyRequired, "text");
  if (reply.length > SUPPORT_REPLY_MAX_LENGTH)
    throw new DomainError("invalid", SUPPORT_MESSAGES.replyTooLong, "text");
  if (!isUuid(id)) throw new DomainError("not_found", SUPPORT_MESSAGES.notFound);
  return transactionWithJobs(db, async (tx) => {
    const table = tableOf(kind);
    // The row is locked, so two operators replying at once send one mail after the other, each with its own row.
    await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for("update");
    const message = await findSupportMessage(tx, kind, id);
    if (!message) throw new DomainError("not_found", SUPPORT_MESSAGES.notFound);
    if (message.status === "closed") throw new DomainError("conflict", SUPPORT_MESSAGES.closed);
    if (!message.email) throw new DomainError("conflict", SUPPORT_MESSAGES.noAddress);
    const answeredAt = new Date();
    await tx
      .update(table)
      .set({ supportStatus: "answered", supportReply: reply, answeredAt })
      .where(eq(table.id, id));
    await notify(
      {
        email: message.email,
        kind: "supportReply",
        data: {
          name: message.name ?? "there",
          about: ABOUT[kind],
          original: message.message,
          reply,
          supportEmail: getEnv().SUPPORT_EMAIL,
        },
      },
      { transaction: tx },
    );
    if (actor)
      await writeAudit(tx, actor, {
        action: "support.reply",
        recordType: "supportMessage",
        recordId: id,
        before: { kind, status: message.status },
        after: { kind, status: "answered", reply },
      });
    return { ...message, status: "answered" as const, reply, answeredAt };
  });
}

/** Moves a message to new, answered or closed (closing what needs no reply; opening again what does). */
export async function setSupportStatus(
  db: Database,
  kind: SupportKind,
  id: string,
  status: SupportStatus,
  /** The operator in the console: their audit row is written in the same transaction. */
  actor?: Actor,
): Promise<void> {
  if (!isUuid(id)) throw new DomainError("not_found", SUPPORT_MESSAGES.notFound);
  const table = tableOf(kind);
  const where =
    kind === "missingSpace" || kind === "hostEnquiry"
      ? and(eq(enquiries.id, id), inArray(enquiries.kind, [ENQUIRY_KIND[kind]]))
      : eq(table.id, id);
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ status: table.supportStatus }).from(table).where(where).for("update");
    if (!before) throw new DomainError("not_found", SUPPORT_MESSAGES.notFound);
    await tx.update(table).set({ supportStatus: status }).where(where);
    if (actor)
      await writeAudit(tx, actor, {
        action: "support.status",
        recordType: "supportMessage",
        recordId: id,
        before: { kind, status: before.status },
        after: { kind, status },
      });
  });
}
