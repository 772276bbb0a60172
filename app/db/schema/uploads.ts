import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Stored files (ADR 0010): one row per upload, whatever it is attached to. */

/**
 * An uploaded file, checked by its bytes and stored through the storage adapter. Images keep their WebP
 * renditions; `kind` is the product's upload type (spaceImages, feedback, bookingFeedback, resolution, floorplan)
 * or profilePhoto / contract.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The storage key of the main file, and its content type and size. */
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Responsive renditions: [{ width, storageKey }]. */
    variants: jsonb("variants").$type<{ width: number; storageKey: string }[]>().notNull().default([]),
    /** When the photo was taken, by its EXIF DateTimeOriginal (read before the metadata is stripped); null if unsaid. */
    capturedAt: timestamp("captured_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("uploads_owner_id_idx").on(table.ownerId)],
);
