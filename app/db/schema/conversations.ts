import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { spaces } from "./spaces";
import { users } from "./users";

/**
 * Conversations, in-app notifications and viewings (docs/product.md, Conversations and viewings; ADR 0026): one
 * conversation per renter, host and space, its messages (the people's and the system's lines), what each side has
 * read or hidden, the notifications behind the bell, and the viewings with their gate passes.
 */

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    renterId: uuid("renter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Each side's reading: messages after this moment are unread for them. */
    renterReadAt: timestamp("renter_read_at", { withTimezone: true }).notNull().defaultNow(),
    hostReadAt: timestamp("host_read_at", { withTimezone: true }).notNull().defaultNow(),
    /** deleteChatHistory: that side no longer sees the messages up to this moment (the other side still does). */
    renterClearedAt: timestamp("renter_cleared_at", { withTimezone: true }),
    hostClearedAt: timestamp("host_cleared_at", { withTimezone: true }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("conversations_space_renter_key").on(table.spaceId, table.renterId),
    index("conversations_renter_idx").on(table.renterId, table.lastMessageAt),
    index("conversations_host_idx").on(table.hostId, table.lastMessageAt),
    check("conversations_two_people", sql`${table.renterId} <> ${table.hostId}`),
  ],
);

export const MESSAGE_KINDS = ["text", "system"] as const;

export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** The writer; none for a system line (a booking request, a viewing, a booking's change). */
    senderId: uuid("sender_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: MESSAGE_KINDS }).notNull().default("text"),
    /** As written: masking happens when it is read (it depends on the booking between the two at that time). */
    body: text("body").notNull(),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    viewingId: uuid("viewing_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("messages_conversation_idx").on(table.conversationId, table.id)],
);

/** The bell's list (the getMyAllNotification call): one row per event told to one user. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The page the notification opens, a path on this site. */
    link: text("link").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("notifications_user_idx").on(table.userId, table.createdAt)],
);

export const VIEWING_STATES = ["requested", "confirmed", "cancelled"] as const;

/** A time window offered or agreed for a viewing, as ISO instants. */
export type ViewingSlot = { start: string; end: string };

export const viewings = pgTable(
  "viewings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    renterId: uuid("renter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: VIEWING_STATES }).notNull().default("requested"),
    /** The slots on the table (up to 3), and who offered them: the other side answers. */
    slots: jsonb("slots").$type<ViewingSlot[]>().notNull(),
    proposedBy: text("proposed_by", { enum: ["renter", "host"] }).notNull(),
    confirmedStart: timestamp("confirmed_start", { withTimezone: true }),
    confirmedEnd: timestamp("confirmed_end", { withTimezone: true }),
    /** The gate pass's number, given when the viewing is confirmed. */
    passNumber: text("pass_number").unique(),
    note: text("note"),
    /** Counts the changes: an answer applies only to the version it saw (two taps, or both sides at once). */
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("viewings_renter_idx").on(table.renterId),
    index("viewings_host_idx").on(table.hostId),
    index("viewings_conversation_idx").on(table.conversationId),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ViewingRow = typeof viewings.$inferSelect;
