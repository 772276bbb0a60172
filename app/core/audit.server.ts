import { and, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type AuditRow, auditLog } from "~/db/schema";

/**
 * The audit log (docs/operations.md): every console action and operator command writes one row in its own
 * transaction — who, when, what, to which record, the values before and after, and the note. The database refuses to
 * change or delete a row (drizzle/0020_operator-console.sql).
 */

/** Who acted: an operator in the console, or the shell's `npm run ops` (no account). */
export type Actor = { id: string | null; email: string };

/** The shell's operator commands, which run as the server's user rather than as an account. */
export const COMMAND_LINE: Actor = { id: null, email: "npm run ops" };

export type AuditEntry = {
  action: string;
  recordType:
    | "user"
    | "listing"
    | "booking"
    | "operator"
    | "resolution"
    | "report"
    | "supportMessage"
    | "payout_batch"
    | "coupon";
  recordId: string;
  before?: unknown;
  after?: unknown;
  note?: string | null;
};

/** Writes one audit row; call it with the action's transaction so both are kept or neither is. */
export async function writeAudit(tx: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: actor.id,
    operatorEmail: actor.email,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note ?? null,
  });
}

export type AuditFilters = {
  action?: string;
  recordId?: string;
  operator?: string;
  /** Rows before this one (its id), for the next page. */
  before?: number;
  from?: Date;
  to?: Date;
};

export const AUDIT_PAGE_SIZE = 50;

/** The newest rows first, filtered; at most AUDIT_PAGE_SIZE. */
export async function listAudit(db: Database, filters: AuditFilters = {}): Promise<AuditRow[]> {
  const conditions: (SQL | undefined)[] = [
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.recordId ? eq(auditLog.recordId, filters.recordId) : undefined,
    filters.operator ? ilike(auditLog.operatorEmail, `%${escapeLike(filters.operator)}%`) : undefined,
    filters.before ? lt(auditLog.id, filters.before) : undefined,
    filters.from ? gte(auditLog.at, filters.from) : undefined,
    filters.to ? lt(auditLog.at, filters.to) : undefined,
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
