import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * The operator console (docs/operations.md, ADR 0062): an operator's second factor and the audit log of every console
 * action. An operator's role is `users.operator_role`; the console's second-factor stamp is on `sessions`.
 */

/**
 * An operator's TOTP enrolment. The secret is sealed (AES-256-GCM under SESSION_SECRET, app/infra/sealed-cookie) and
 * never shown again after enrolment. `confirmedAt` is null until the operator typed a first good code;
 * `lastStep` is the time step of the last code accepted, so a code is taken once.
 */
export const operatorTotp = pgTable("operator_totp", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One console action: who did it, when, what, to which record, the values before and after, and the operator's note.
 * Written in the action's own transaction. The database refuses to change or delete a row (a trigger,
 * drizzle/0020_operator-console.sql), so the log is only ever added to. The operator is kept by id and e-mail
 * without a foreign key: the record outlives the account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    operatorId: uuid("operator_id"),
    operatorEmail: text("operator_email").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    action: text("action").notNull(),
    recordType: text("record_type").notNull(),
    recordId: text("record_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    note: text("note"),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_record_idx").on(table.recordType, table.recordId, table.at),
    index("audit_log_operator_idx").on(table.operatorId, table.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
