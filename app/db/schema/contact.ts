import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { supportColumns } from "./support";
import { users } from "./users";

/** A message sent from the contact-us page (anyone, logged in or not), e-mailed to SUPPORT_EMAIL as well. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The sender's account when they were logged in. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ...supportColumns(),
  },
  (table) => [index("contact_messages_created_at_idx").on(table.createdAt)],
);
