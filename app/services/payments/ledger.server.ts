import { randomUUID } from "node:crypto";
import type { Database } from "~/db/client.server";
import { ledgerEntries } from "~/db/schema";

/**
 * The ledger (ADR 0023): append-only, double-entry; every movement is one entry of rows adding up to zero (debits
 * positive), which the database checks at commit. An account's balance is the sum of its rows.
 */
export const ACCOUNTS = {
  /** Money at the payment provider: what we hold in cash. */
  provider: "provider",
  /** What renters paid for a booking and we hold for it (a liability: its balance is negative). */
  bookingFunds: "booking_funds",
  /** Refunds decided and not yet paid back by the provider. */
  refundsOwed: "refunds_owed",
} as const;

export type LedgerMove = {
  kind: string;
  debit: string;
  credit: string;
  /** Centavos, more than 0. */
  amount: number;
  bookingId?: string;
  paymentId?: string;
  refundId?: string;
};

/** One movement of `amount` from `credit` to `debit`, as one balanced entry. */
export async function enterLedger(tx: Database, move: LedgerMove): Promise<void> {
  const entryId = randomUUID();
  const links = { bookingId: move.bookingId, paymentId: move.paymentId, refundId: move.refundId };
  await tx.insert(ledgerEntries).values([
    { entryId, account: move.debit, amount: move.amount, kind: move.kind, ...links },
    { entryId, account: move.credit, amount: -move.amount, kind: move.kind, ...links },
  ]);
}
