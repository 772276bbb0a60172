import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { bookingDeposits, bookings, conditionReports, spaces, users } from "~/db/schema";
import { STAGE_LABELS } from "~/domain/deposits";
import { displayName } from "~/domain/display-name";
import { formatPeso } from "~/domain/money";
import { siteOrigin } from "~/env.server";
import { defineQueue, send } from "~/infra/jobs.server";
import { notify } from "~/infra/notify.server";
import { depositChecklistPath } from "~/utils/site-paths";

/**
 * What the deposit's people hear (docs/product.md, Deposits and condition reports; ADR 0032): when a deposit is
 * settled, the renter how much comes back and the host how much was awarded to them; when a condition report is signed
 * off, the person who wrote it. The jobs are sent in the transaction that settles the deposit or signs the report off,
 * and only when it did: they exist exactly when the change was committed, once, and a rerun that finds it done sends
 * none. One job per person, so a retry after a failed delivery never tells the other person twice.
 */

export type DepositNewsJob = { bookingId: string; role: "renter" | "host" };
export type ReportNewsJob = { reportId: string };

/** In the transaction that settled the booking's deposit: tells both sides, once it is committed. */
export async function sendDepositNews(tx: Database, bookingId: string): Promise<void> {
  for (const role of ["renter", "host"] as const)
    await send(depositNewsQueue, { bookingId, role }, { transaction: tx });
}

/** In the transaction that signed the report off: tells its author, once it is committed. */
export async function sendReportNews(tx: Database, reportId: string): Promise<void> {
  await send(reportNewsQueue, { reportId }, { transaction: tx });
}

export const depositNewsQueue = defineQueue<DepositNewsJob>("deposit-news", async ({ bookingId, role }) => {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ deposit: bookingDeposits, booking: bookings, spaceTitle: spaces.spaceTitle })
    .from(bookingDeposits)
    .innerJoin(bookings, eq(bookings.id, bookingDeposits.bookingId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(bookingDeposits.bookingId, bookingId));
  // Only a settlement sends this job; a deposit returned with a cancellation's refund is told as the booking's news.
  if (!row || (row.deposit.state !== "released" && row.deposit.state !== "awarded")) return;
  const { deposit, booking, spaceTitle } = row;
  const [person] = await db
    .select()
    .from(users)
    .where(eq(users.id, role === "renter" ? booking.renterId : booking.hostId));
  if (!person) return;
  const path = depositChecklistPath(booking.id);
  await notify({
    userId: person.id,
    kind: "depositUpdate",
    data: {
      name: displayName(person),
      role,
      spaceTitle: spaceTitle ?? "Your space",
      deposit: formatPeso(deposit.amount),
      toRenter: formatPeso(deposit.refundedToRenter),
      toHost: formatPeso(deposit.awardedToHost),
      awarded: deposit.awardedToHost > 0,
      backToRenter: deposit.refundedToRenter > 0,
      voucherPart: deposit.returnedToPlatform > 0 ? formatPeso(deposit.returnedToPlatform) : "",
      reason: deposit.reason ?? "",
      checklistPath: path,
      checklistLink: new URL(path, siteOrigin()).href,
    },
  });
});

export const reportNewsQueue = defineQueue<ReportNewsJob>("report-news", async ({ reportId }) => {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ report: conditionReports, booking: bookings, spaceTitle: spaces.spaceTitle })
    .from(conditionReports)
    .innerJoin(bookings, eq(bookings.id, conditionReports.bookingId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(conditionReports.id, reportId));
  const signedOffBy = row?.report.signedOffBy;
  if (!row || !signedOffBy) return;
  const { report, booking, spaceTitle } = row;
  const [author] = await db.select().from(users).where(eq(users.id, report.authorId));
  const [signer] = await db.select().from(users).where(eq(users.id, signedOffBy));
  if (!author || !signer) return;
  const path = depositChecklistPath(booking.id);
  await notify({
    userId: author.id,
    kind: "reportSignedOff",
    data: {
      name: displayName(author),
      spaceTitle: spaceTitle ?? "Your space",
      stage: STAGE_LABELS[report.stage],
      // The report is one side's; the other side signs it off.
      signer: report.side === "renter" ? "The host" : "The renter",
      signerName: displayName(signer),
      checklistPath: path,
      checklistLink: new URL(path, siteOrigin()).href,
    },
  });
});
