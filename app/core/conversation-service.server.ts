import { and, asc, desc, eq, gt, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  bookings,
  type ConversationRow,
  conversations,
  type MessageRow,
  messages,
  spaces,
  users,
} from "~/db/schema";
import { maskConversation, REVEALING_STATES, SPLIT_CONTEXT } from "~/domain/contact-masking";
import { displayName } from "~/domain/display-name";
import { DomainError } from "~/domain/errors";
import { siteOrigin } from "~/env.server";
import { publishChanges } from "~/infra/live.server";
import { notify } from "~/infra/notify.server";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";

/**
 * Conversations (docs/product.md, Conversations and viewings, ADR 0026): one per renter, host and space, opened by the
 * first question, message, viewing or booking between them. Every message, the people's and the system's lines, is
 * written here, so the two sides' pages hear of it and the other side is told.
 */

export const CONVERSATION_NOT_FOUND = "This conversation was not found.";

export type Side = "renter" | "host";

/** The other side of a conversation or viewing, as the screens show them. */
export type ChatPerson = { userId: string; name: string; profilePic: string };

export function person(user: {
  id: string;
  nickName: string | null;
  firstName: string;
  profilePic: string | null;
}): ChatPerson {
  return { userId: user.id, name: displayName(user), profilePic: user.profilePic || DEFAULT_PROFILE_PHOTO };
}

export function conversationPath(conversationId: string): string {
  return `/messages/${conversationId}`;
}

/** The conversation of this renter about this space, made when it is the first contact between them. */
export async function openConversation(
  db: Database,
  space: { id: string; hostId: string },
  renterId: string,
): Promise<ConversationRow> {
  await db
    .insert(conversations)
    .values({ spaceId: space.id, renterId, hostId: space.hostId })
    .onConflictDoNothing({ target: [conversations.spaceId, conversations.renterId] });
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.spaceId, space.id), eq(conversations.renterId, renterId)));
  if (!row) throw new Error("the conversation was not stored");
  return row;
}

/** A conversation the caller is part of, and their side in it; anyone else's is "not found" (nothing is revealed). */
export async function conversationOf(
  db: Database,
  conversationId: string,
  userId: string,
): Promise<{ conversation: ConversationRow; side: Side }> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  if (!row || (row.renterId !== userId && row.hostId !== userId))
    throw new DomainError("not_found", CONVERSATION_NOT_FOUND);
  return { conversation: row, side: row.renterId === userId ? "renter" : "host" };
}

/**
 * Whether two people have an approved booking between them (one of them the renter, the other the host, either way
 * round): from then on each sees the other's contact details in what they wrote (app/domain/contact-masking.ts). The
 * one place this is decided, for a conversation, a booking or a viewing.
 */
export async function contactsRevealed(db: Database, renterId: string, hostId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(betweenThe(renterId, hostId), inArray(bookings.state, [...REVEALING_STATES])))
    .limit(1);
  return Boolean(row);
}

/** The people a user has an approved booking with ({@link contactsRevealed} for all their conversations at once). */
export async function peopleRevealedTo(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ renterId: bookings.renterId, hostId: bookings.hostId })
    .from(bookings)
    .where(
      and(
        or(eq(bookings.renterId, userId), eq(bookings.hostId, userId)),
        inArray(bookings.state, [...REVEALING_STATES]),
      ),
    );
  return new Set(rows.map((row) => (row.renterId === userId ? row.hostId : row.renterId)));
}

function betweenThe(one: string, other: string) {
  return or(
    and(eq(bookings.renterId, one), eq(bookings.hostId, other)),
    and(eq(bookings.renterId, other), eq(bookings.hostId, one)),
  );
}

const said = (row: Pick<MessageRow, "senderId" | "kind" | "body">) => ({
  senderId: row.senderId,
  kind: row.kind,
  text: row.body,
});

/**
 * The texts of some of a conversation's messages (`rows`, consecutive, oldest first) as the two see them: masked
 * until they have an approved booking, each read with the messages around it, so a number split over a sender's
 * consecutive messages is caught wherever a page starts or ends.
 */
export async function textsAsSeen(
  db: Database,
  conversationId: string,
  rows: readonly MessageRow[],
  revealed: boolean,
): Promise<string[]> {
  const first = rows[0];
  const last = rows.at(-1);
  if (revealed || !first || !last) return rows.map((row) => row.body);
  const [earlier, later] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), lt(messages.id, first.id)))
      .orderBy(desc(messages.id))
      .limit(SPLIT_CONTEXT),
    db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), gt(messages.id, last.id)))
      .orderBy(asc(messages.id))
      .limit(SPLIT_CONTEXT),
  ]);
  const read = [...earlier.reverse(), ...rows, ...later].map(said);
  return maskConversation(read, false).slice(earlier.length, earlier.length + rows.length);
}

/** The last message of each of these conversations as the two see them before an approved booking. */
export async function lastTextsMasked(db: Database, conversationIds: string[]): Promise<Map<string, string>> {
  if (conversationIds.length === 0) return new Map();
  const ranked = db
    .select({
      conversationId: messages.conversationId,
      id: messages.id,
      senderId: messages.senderId,
      kind: messages.kind,
      body: messages.body,
      rank: sql<number>`row_number() over (partition by ${messages.conversationId} order by ${messages.id} desc)`.as(
        "rank",
      ),
    })
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .as("ranked");
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, SPLIT_CONTEXT))
    .orderBy(ranked.conversationId, asc(ranked.id));
  const recent = Map.groupBy(rows, (row) => row.conversationId);
  const texts = new Map<string, string>();
  for (const [id, run] of recent) texts.set(id, maskConversation(run.map(said), false).at(-1) ?? "");
  return texts;
}

type NewMessage = {
  senderId: string | null;
  kind: "text" | "system";
  body: string;
  bookingId?: string | null;
  viewingId?: string | null;
};

/**
 * Writes a message: the conversation moves to the top of both lists, the writer has read it, and both sides' open
 * pages hear of it.
 */
export async function postMessage(db: Database, conversation: ConversationRow, message: NewMessage) {
  const [row] = await db
    .insert(messages)
    .values({ conversationId: conversation.id, ...message })
    .returning();
  if (!row) throw new Error("the message was not stored");
  const readBy =
    message.senderId === conversation.renterId
      ? { renterReadAt: row.createdAt }
      : message.senderId === conversation.hostId
        ? { hostReadAt: row.createdAt }
        : {};
  await db
    .update(conversations)
    .set({ lastMessageAt: row.createdAt, ...readBy })
    .where(eq(conversations.id, conversation.id));
  await publishChanges([
    { userId: conversation.renterId, topic: "messages" },
    { userId: conversation.hostId, topic: "messages" },
  ]);
  return row;
}

/**
 * A system line in the conversation of this renter and space (a booking request, a viewing, a booking's change),
 * opening the conversation when there is none yet.
 */
export async function postSystemLine(
  db: Database,
  about: { spaceId: string; renterId: string },
  body: string,
  links: { bookingId?: string; viewingId?: string } = {},
): Promise<void> {
  const [space] = await db
    .select({ id: spaces.id, hostId: spaces.hostId })
    .from(spaces)
    .where(eq(spaces.id, about.spaceId));
  if (!space || space.hostId === about.renterId) return;
  const conversation = await openConversation(db, space, about.renterId);
  await postMessage(db, conversation, { senderId: null, kind: "system", body, ...links });
}

/**
 * Tells the other side of a conversation about a person's new message (in the app, by e-mail and SMS by settings),
 * in `tx`, the transaction that stores the message.
 */
export async function tellOtherSide(
  tx: Database,
  conversation: ConversationRow,
  senderId: string,
  text: string,
): Promise<void> {
  const otherId = senderId === conversation.renterId ? conversation.hostId : conversation.renterId;
  const people = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [senderId, otherId]));
  const sender = people.find((person) => person.id === senderId);
  const other = people.find((person) => person.id === otherId);
  const [space] = await tx
    .select({ spaceTitle: spaces.spaceTitle })
    .from(spaces)
    .where(eq(spaces.id, conversation.spaceId));
  if (!sender || !other) return;
  const path = conversationPath(conversation.id);
  await notify(
    {
      userId: otherId,
      kind: "newMessage",
      data: {
        name: displayName(other),
        senderName: displayName(sender),
        spaceTitle: space?.spaceTitle ?? "a space",
        text,
        conversationPath: path,
        conversationLink: new URL(path, siteOrigin()).href,
      },
    },
    { transaction: tx },
  );
}

/** Messages after a side's reading point (and after what it cleared), not its own: the unread count's condition. */
export function unreadFor(userId: string) {
  return sql`(
    ${messages.senderId} is distinct from ${userId}
    and ${messages.createdAt} > case when ${conversations.renterId} = ${userId}
      then greatest(${conversations.renterReadAt}, coalesce(${conversations.renterClearedAt}, ${conversations.renterReadAt}))
      else greatest(${conversations.hostReadAt}, coalesce(${conversations.hostClearedAt}, ${conversations.hostReadAt})) end
  )`;
}

/** The moment up to which a side cleared its history (deleteChatHistory), or null. */
export function clearedAt(conversation: ConversationRow, side: Side): Date | null {
  return side === "renter" ? conversation.renterClearedAt : conversation.hostClearedAt;
}
