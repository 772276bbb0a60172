import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type UnappliedEventKind, type UnappliedPaymentEventRow, unappliedPaymentEvents } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { isUuid } from "~/domain/ids";
import { formatPeso } from "~/domain/money";
import { log } from "~/infra/log.server";

/**
 * Provider events that could be neither applied nor refunded by themselves (docs/decisions/0040-money-promises.md):
 * a payment of no checkout of ours, a payment reported again for another amount, a refund we never asked for, a
 * refund the provider could not make. Each is kept for an operator, in the transaction of the event's job, so the
 * provider's event is never dropped without a trace. `npm run ops -- payments:unapplied` lists the open ones, the
 * ledger check counts them, and `payments:resolve` closes one with what the operator did.
 */

export type UnappliedEvent = {
  kind: UnappliedEventKind;
  provider: string;
  eventId?: string | null;
  eventType: string;
  providerPaymentId?: string | null;
  providerRefundId?: string | null;
  paymentId?: string | null;
  refundId?: string | null;
  bookingId?: string | null;
  amount?: number | null;
  reason: string;
};

/** Keeps `event` for an operator (inside the caller's transaction), and says so in the log. */
export async function recordUnapplied(tx: Database, event: UnappliedEvent): Promise<void> {
  const [row] = await tx.insert(unappliedPaymentEvents).values(event).returning();
  log.warn(`[payments] kept for an operator (${row?.id}): ${event.reason}`);
}

/** The events still waiting for an operator, oldest first. */
export function openUnapplied(db: Database): Promise<UnappliedPaymentEventRow[]> {
  return db
    .select()
    .from(unappliedPaymentEvents)
    .where(isNull(unappliedPaymentEvents.resolvedAt))
    .orderBy(asc(unappliedPaymentEvents.receivedAt), asc(unappliedPaymentEvents.id));
}

/** One line of the operator's list: the id to resolve it by, when, what, how much and why. */
export function describeUnapplied(row: UnappliedPaymentEventRow): string {
  const amount = row.amount === null ? "" : ` ${formatPeso(row.amount)}`;
  const ids = [
    row.providerPaymentId && `payment ${row.providerPaymentId}`,
    row.providerRefundId && `refund ${row.providerRefundId}`,
    row.bookingId && `booking ${row.bookingId}`,
  ].filter(Boolean);
  return `${row.id} ${row.receivedAt.toISOString()} ${row.kind} ${row.provider} ${row.eventType}${amount} (${ids.join(", ")}): ${row.reason}`;
}

export const RESOLVE_USAGE = 'usage: npm run ops -- payments:resolve EVENT --note "what was done"';
export const NO_SUCH_UNAPPLIED = "No open unapplied payment event has that id.";

/**
 * Closes an open event with the operator's note (what they did: refunded it in the provider's dashboard, matched it
 * to a booking). A resolved event stays in the table; closing it twice is refused.
 */
export async function resolveUnapplied(
  db: Database,
  id: string,
  note: string,
  now = new Date(),
): Promise<UnappliedPaymentEventRow> {
  const said = note.trim();
  if (!said) throw new DomainError("invalid", `--note says what was done.\n${RESOLVE_USAGE}`, "note");
  if (!isUuid(id)) throw new DomainError("invalid", NO_SUCH_UNAPPLIED);
  const [row] = await db
    .update(unappliedPaymentEvents)
    .set({ resolvedAt: now, resolutionNote: said.slice(0, 1000) })
    .where(and(eq(unappliedPaymentEvents.id, id), isNull(unappliedPaymentEvents.resolvedAt)))
    .returning();
  if (!row) throw new DomainError("conflict", NO_SUCH_UNAPPLIED);
  return row;
}
