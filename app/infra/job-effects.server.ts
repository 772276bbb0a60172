import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { jobEffects } from "~/db/schema";

/**
 * Deeds a job does once, however often it runs (docs/decisions/0043-jobs-survive-crashes.md). A job is run again when
 * its process died mid-run, when it outlived its expiry, or when it failed after part of its work; the deeds it did
 * the first time are recorded in `job_effects` under keys made from its id (jobEffectKey in ./jobs.server.ts, or the
 * job's id itself for a delivery job) and are not done again.
 */

/**
 * Records `key` in the caller's transaction, with the rows the deed writes; answers false when it is already there
 * (the deed was done, and committed, by an earlier run). Two runs at once wait for each other on the key.
 */
export async function claimEffect(tx: Database, key: string): Promise<boolean> {
  const claimed = await tx
    .insert(jobEffects)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: jobEffects.key });
  return claimed.length > 0;
}

/**
 * Does `deed`, which happens outside the database (a message handed to a mail server or an SMS gateway), unless
 * `key` says it was done; then records it. A process that dies between the deed and the record does it once more:
 * no database can commit together with a mail server, and that window is a few milliseconds, not a whole run.
 * A job runs on one worker at a time (pg-boss hands it out once, and its heartbeat keeps it there while it runs).
 */
export async function doOnce(key: string, deed: () => Promise<void>): Promise<void> {
  const { db } = await getDatabase();
  const [done] = await db.select({ key: jobEffects.key }).from(jobEffects).where(eq(jobEffects.key, key));
  if (done) return;
  await deed();
  await db.insert(jobEffects).values({ key }).onConflictDoNothing();
}
