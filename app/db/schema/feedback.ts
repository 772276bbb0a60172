import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { uploads } from "./uploads";
import { users } from "./users";

/** Feedback sent from the profile (spec §7 "Feedback"). */

/** Feedback sent from give-feed-back, with an optional image. */
export const feedback = pgTable("feedback", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  message: text("message").notNull(),
  rating: integer("rating"),
  imageUploadId: uuid("image_upload_id").references(() => uploads.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
