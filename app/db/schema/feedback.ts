import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { supportColumns } from "./support";
import { uploads } from "./uploads";
import { users } from "./users";

/** Feedback sent from the profile (the /feedback call). */

/**
 * Feedback sent from give-feed-back, with an optional image; or about one booking (bookings/give-feedback), with a
 * rating of the service and optional photos. Private: only the support team reads it (it is e-mailed to them).
 */
export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The booking the feedback is about, when it is about one. */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    rating: integer("rating"),
    imageUploadId: uuid("image_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ...supportColumns(),
  },
  (table) => [index("feedback_booking_id_idx").on(table.bookingId)],
);

/** The photos of a booking's feedback (uploaded as bookingFeedback), in the order they were sent. */
export const feedbackPhotos = pgTable(
  "feedback_photos",
  {
    feedbackId: uuid("feedback_id")
      .notNull()
      .references(() => feedback.id, { onDelete: "cascade" }),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.feedbackId, table.uploadId] })],
);
