import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { spaces } from "./spaces";
import { supportColumns } from "./support";
import { users } from "./users";

/** Enquiries (the /enquiry calls). */

/**
 * Enquiries: a question about a space (aboutSpace, for the host; conversations will thread them), a prospective
 * host's enquiry (aboutListing) and "Can't find a space?" (missingSpace), the last two for the operations team.
 */
export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["aboutSpace", "aboutListing", "missingSpace"] }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    spaceId: uuid("space_id").references(() => spaces.id, { onDelete: "cascade" }),
    name: text("name"),
    email: text("email"),
    phoneNumber: text("phone_number"),
    message: text("message"),
    /** The kind's own fields (missingSpace: city, type, size, budget). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ...supportColumns(),
  },
  (table) => [
    index("enquiries_space_id_idx").on(table.spaceId),
    index("enquiries_kind_created_at_idx").on(table.kind, table.createdAt),
  ],
);
