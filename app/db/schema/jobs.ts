import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What a job has already done outside its own transaction, by a key derived from the job's id: an e-mail or a text
 * message handed to its provider, a notification written. A job run again (its process died, it expired, it failed
 * after the deed) finds its key here and does not do it twice (docs/decisions/0043-jobs-survive-crashes.md).
 * Rows older than the queue's retention can be swept; a key is never reused.
 */
export const jobEffects = pgTable("job_effects", {
  key: text("key").primaryKey(),
  doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
});
