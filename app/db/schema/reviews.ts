import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { spaces } from "./spaces";
import { users } from "./users";

/**
 * Two-way reviews (docs/product.md, Reviews, ADR 0034): one row per booking, round and author. The renter's
 * review is about the host and the space, the host's about the renter. A row is hidden (`shown_at` null) until both
 * sides of the round have written, or its window closes (`closes_at`, when the reviews-due job shows it); it is
 * never edited, and the person reviewed may answer it once.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** "midway": 30 days into a running booking; "completed": after it ended (app/domain/reviews.ts). */
    round: text("round", { enum: ["midway", "completed"] }).notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorRole: text("author_role", { enum: ["renter", "host"] }).notNull(),
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The booking's space: a renter's review counts towards its average. */
    spaceId: uuid("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    stars: smallint("stars").notNull(),
    text: text("text").notNull(),
    /** The end of the round's window: the review is shown by then, whatever the other side does. */
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    shownAt: timestamp("shown_at", { withTimezone: true }),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("reviews_booking_round_author_key").on(table.bookingId, table.round, table.authorId),
    index("reviews_subject_id_idx").on(table.subjectId, table.createdAt),
    index("reviews_space_id_idx").on(table.spaceId, table.createdAt),
    index("reviews_author_id_idx").on(table.authorId, table.createdAt),
    check("reviews_stars_range", sql`${table.stars} between 1 and 5`),
    check("reviews_text_length", sql`char_length(${table.text}) between 20 and 1000`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
