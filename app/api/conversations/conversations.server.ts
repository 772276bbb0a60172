import { and, count, desc, eq, gt, inArray, ne, or } from "drizzle-orm";
import { z } from "zod/v4";
import {
  type ChatPerson,
  CONVERSATION_NOT_FOUND,
  clearedAt,
  contactsRevealed,
  conversationOf,
  conversationPath,
  lastTextsMasked,
  openConversation,
  peopleRevealedTo,
  person,
  postMessage,
  type Side,
  tellOtherSide,
  textsAsSeen,
  unreadFor,
} from "~/core/conversation-service.server";
import { conversations, messages, spaces, users } from "~/db/schema";
import { CHAT_PAGE_SIZE, checkMessage, MESSAGE_REQUIRED } from "~/domain/conversation";
import { displayName } from "~/domain/display-name";
import { transactionWithJobs } from "~/infra/jobs.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { LIMITS, takeRate } from "../rate-limit.server";
import { findActiveSpace, spaceId } from "../space/listing-page-queries.server";

/**
 * Chat calls (the chat, notification and viewing calls; ADR 0026): the caller's conversations, one conversation's
 * history 500 messages a page, reading, hiding and writing. Only the two people of a conversation reach it; contact
 * details in messages are masked on the server until they have an approved booking.
 */

export const USER_NOT_FOUND = "This user was not found.";
export const MESSAGE_SENT = "Your message has been sent.";
const OWN_SPACE = "This is your own space: renters' messages about it come to you.";

const conversationId = z.uuid({ error: CONVERSATION_NOT_FOUND });
/** The product's `?userId`: only the caller's own. */
const userIdQuery = z.strictObject({ userId: z.uuid({ error: USER_NOT_FOUND }) });

export function assertCaller(userId: string, callerId: string): void {
  if (userId !== callerId) throw new ApiError(404, USER_NOT_FOUND);
}

export type ChatMessage = {
  messageId: number;
  kind: "text" | "system";
  /** Masked by the rule of the time of reading. */
  text: string;
  mine: boolean;
  senderName: string | null;
  bookingId: string | null;
  viewingId: string | null;
  createdAt: string;
};

export type ChatSummary = {
  conversationId: string;
  spaceId: string;
  spaceTitle: string;
  role: Side;
  other: ChatPerson;
  lastMessage: Pick<ChatMessage, "kind" | "text" | "createdAt" | "mine"> | null;
  unread: number;
};

export const userChatList = defineEndpoint({
  method: "GET",
  path: "/user/userChatList",
  auth: "required",
  answers: [404],
  summary:
    "The caller's conversations (userId: the caller), latest first: the space, the other person, the last message " +
    "(masked until an approved booking) and how many are unread. A conversation the caller cleared shows again " +
    "when a new message arrives.",
  tags: ["chat"],
  query: userIdQuery,
  async handler({ db, user, query }): Promise<ChatSummary[]> {
    assertCaller(query.userId, user.id);
    const rows = await db
      .select()
      .from(conversations)
      .where(or(eq(conversations.renterId, user.id), eq(conversations.hostId, user.id)))
      .orderBy(desc(conversations.lastMessageAt))
      .limit(200);
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [people, spaceRows, unreadRows, lastRows, revealedTo] = await Promise.all([
      db
        .select()
        .from(users)
        .where(inArray(users.id, [...new Set(rows.flatMap((row) => [row.renterId, row.hostId]))])),
      db
        .select({ id: spaces.id, spaceTitle: spaces.spaceTitle })
        .from(spaces)
        .where(inArray(spaces.id, [...new Set(rows.map((row) => row.spaceId))])),
      db
        .select({ conversationId: messages.conversationId, n: count() })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(and(inArray(messages.conversationId, ids), unreadFor(user.id)))
        .groupBy(messages.conversationId),
      db
        .selectDistinctOn([messages.conversationId])
        .from(messages)
        .where(inArray(messages.conversationId, ids))
        .orderBy(messages.conversationId, desc(messages.id)),
      peopleRevealedTo(db, user.id),
    ]);
    const otherOf = (row: (typeof rows)[number]) => (row.renterId === user.id ? row.hostId : row.renterId);
    const masked = await lastTextsMasked(
      db,
      rows.filter((row) => !revealedTo.has(otherOf(row))).map((row) => row.id),
    );
    const summaries: ChatSummary[] = [];
    for (const row of rows) {
      const side: Side = row.renterId === user.id ? "renter" : "host";
      const last = lastRows.find((message) => message.conversationId === row.id);
      const cleared = clearedAt(row, side);
      // Cleared, and nothing new since: hidden for this side.
      if (!last || (cleared && last.createdAt <= cleared)) continue;
      const other = people.find((p) => p.id === otherOf(row));
      if (!other) continue;
      summaries.push({
        conversationId: row.id,
        spaceId: row.spaceId,
        spaceTitle: spaceRows.find((space) => space.id === row.spaceId)?.spaceTitle ?? "A space",
        role: side,
        other: person(other),
        lastMessage: {
          kind: last.kind,
          text: masked.get(row.id) ?? last.body,
          createdAt: last.createdAt.toISOString(),
          mine: last.senderId === user.id,
        },
        unread: Number(unreadRows.find((unread) => unread.conversationId === row.id)?.n ?? 0),
      });
    }
    return summaries;
  },
});

export type ChatHistory = {
  conversationId: string;
  spaceId: string;
  spaceTitle: string;
  role: Side;
  other: ChatPerson;
  /** Whether contact details show (the two have an approved booking). */
  contactsRevealed: boolean;
  page: number;
  pageSize: number;
  totalMessages: number;
  /** Page 1 is the newest messages; each page lists its messages oldest first. */
  messages: ChatMessage[];
};

export const userChatHistory = defineEndpoint({
  method: "POST",
  path: "/user/userChatHistory/{page}/{pageSize}",
  auth: "required",
  answers: [404],
  summary: `One conversation's messages, page {page} (1 = the newest) of {pageSize} (at most ${CHAT_PAGE_SIZE}), oldest first within the page. Only its two people; what the caller cleared is left out.`,
  tags: ["chat"],
  params: z.strictObject({
    page: z.coerce.number({ error: "Please give a page number." }).int().min(1, "Please give a page number."),
    pageSize: z.coerce
      .number({ error: "Please give a page size." })
      .int()
      .min(1, "Please give a page size.")
      .max(CHAT_PAGE_SIZE, `A page has at most ${CHAT_PAGE_SIZE} messages.`),
  }),
  body: z.strictObject({ conversationId }),
  async handler({ db, user, params, body }): Promise<ChatHistory> {
    const { conversation, side } = await conversationOf(db, body.conversationId, user.id);
    const cleared = clearedAt(conversation, side);
    const visible = and(
      eq(messages.conversationId, conversation.id),
      cleared ? gt(messages.createdAt, cleared) : undefined,
    );
    const otherId = side === "renter" ? conversation.hostId : conversation.renterId;
    const [[total], pageRows, people, [space], revealed] = await Promise.all([
      db.select({ n: count() }).from(messages).where(visible),
      db
        .select()
        .from(messages)
        .where(visible)
        .orderBy(desc(messages.id))
        .limit(params.pageSize)
        .offset((params.page - 1) * params.pageSize),
      db
        .select()
        .from(users)
        .where(inArray(users.id, [user.id, otherId])),
      db.select({ spaceTitle: spaces.spaceTitle }).from(spaces).where(eq(spaces.id, conversation.spaceId)),
      contactsRevealed(db, conversation.renterId, conversation.hostId),
    ]);
    const other = people.find((p) => p.id === otherId);
    if (!other) throw new ApiError(404, CONVERSATION_NOT_FOUND);
    const rows = pageRows.reverse();
    const texts = await textsAsSeen(db, conversation.id, rows, revealed);
    const nameOf = (id: string | null) => {
      const found = people.find((p) => p.id === id);
      return found ? displayName(found) : null;
    };
    return {
      conversationId: conversation.id,
      spaceId: conversation.spaceId,
      spaceTitle: space?.spaceTitle ?? "A space",
      role: side,
      other: person(other),
      contactsRevealed: revealed,
      page: params.page,
      pageSize: params.pageSize,
      totalMessages: Number(total?.n ?? 0),
      messages: rows.map((row, index) => ({
        messageId: row.id,
        kind: row.kind,
        text: texts[index] ?? "",
        mine: row.senderId === user.id,
        senderName: nameOf(row.senderId),
        bookingId: row.bookingId,
        viewingId: row.viewingId,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  },
});

export const readMessage = defineEndpoint({
  method: "POST",
  path: "/user/readMessage",
  auth: "required",
  answers: [404],
  summary: "Marks every message of a conversation read for the caller (one of its two people).",
  tags: ["chat"],
  body: z.strictObject({ conversationId }),
  async handler({ db, user, body }) {
    const { conversation, side } = await conversationOf(db, body.conversationId, user.id);
    const now = new Date();
    await db
      .update(conversations)
      .set(side === "renter" ? { renterReadAt: now } : { hostReadAt: now })
      .where(eq(conversations.id, conversation.id));
    return { conversationId: conversation.id, readAt: now.toISOString() };
  },
});

export const deleteChatHistory = defineEndpoint({
  method: "POST",
  path: "/user/deleteChatHistory",
  auth: "required",
  answers: [404],
  summary:
    "Hides a conversation's messages so far for the caller only; the other person keeps them. A later message " +
    "shows the conversation again, from that message on.",
  tags: ["chat"],
  message: "The conversation has been deleted.",
  body: z.strictObject({ conversationId }),
  async handler({ db, user, body }) {
    const { conversation, side } = await conversationOf(db, body.conversationId, user.id);
    const now = new Date();
    await db
      .update(conversations)
      .set(
        side === "renter"
          ? { renterClearedAt: now, renterReadAt: now }
          : { hostClearedAt: now, hostReadAt: now },
      )
      .where(eq(conversations.id, conversation.id));
    return { conversationId: conversation.id };
  },
});

export const getUnreadMessageCount = defineEndpoint({
  method: "GET",
  path: "/user/getUnreadMessageCount",
  auth: "required",
  answers: [404],
  summary:
    "How many messages the caller (userId) has not read, in all their conversations: `totalUnread`. " +
    "`openConversationId` leaves out the conversation on the caller's screen, which is being read as it loads.",
  tags: ["chat"],
  query: userIdQuery.extend({ openConversationId: conversationId.optional() }),
  async handler({ db, user, query }) {
    assertCaller(query.userId, user.id);
    const [row] = await db
      .select({ n: count() })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          or(eq(conversations.renterId, user.id), eq(conversations.hostId, user.id)),
          query.openConversationId ? ne(conversations.id, query.openConversationId) : undefined,
          unreadFor(user.id),
        ),
      );
    return { totalUnread: Number(row?.n ?? 0) };
  },
});

export const sendMessage = defineEndpoint({
  method: "POST",
  path: "/user/sendMessage",
  auth: "required",
  answers: [404, 429],
  summary:
    "Writes a message: in a conversation (conversationId, its two people only) or, from a listing, to its host " +
    "(spaceId: the renter's conversation about it, opened when needed). Text only, at most 2,000 characters; " +
    "the other person is told. Limited per user and per conversation.",
  tags: ["chat"],
  message: MESSAGE_SENT,
  body: z.strictObject({
    conversationId: conversationId.optional(),
    spaceId: spaceId.optional(),
    message: z.string({ error: MESSAGE_REQUIRED }),
  }),
  async handler({ db, user, body }) {
    const text = checkMessage(body.message);
    let conversation: Awaited<ReturnType<typeof conversationOf>>["conversation"];
    if (body.conversationId) {
      conversation = (await conversationOf(db, body.conversationId, user.id)).conversation;
    } else if (body.spaceId) {
      const space = await findActiveSpace(db, body.spaceId);
      if (space.hostId === user.id) throw new ApiError(400, OWN_SPACE);
      // Opened on its own: a conversation opened twice is still one, and its reading points must come before the
      // message (a transaction's rows all carry its start time).
      conversation = await openConversation(db, space, user.id);
    } else {
      throw new ApiError(404, CONVERSATION_NOT_FOUND);
    }
    // The message, its count against the limits and the other side's notice are kept together or not at all: a
    // failure half-way leaves no message whose retry would post it twice.
    const row = await transactionWithJobs(db, async (tx) => {
      await takeRate(tx, [
        { limit: LIMITS.messagesPerUser, value: user.id },
        { limit: LIMITS.messagesPerConversation, value: `${user.id}:${conversation.id}` },
      ]);
      const row = await postMessage(tx, conversation, { senderId: user.id, kind: "text", body: text });
      const revealed = await contactsRevealed(tx, conversation.renterId, conversation.hostId);
      const [seen] = await textsAsSeen(tx, conversation.id, [row], revealed);
      await tellOtherSide(tx, conversation, user.id, seen ?? "");
      return row;
    });
    return {
      conversationId: conversation.id,
      path: conversationPath(conversation.id),
      messageId: row.id,
      createdAt: row.createdAt.toISOString(),
    };
  },
});

export const endpoints: Endpoint[] = [
  userChatList,
  userChatHistory,
  readMessage,
  deleteChatHistory,
  getUnreadMessageCount,
  sendMessage,
];
