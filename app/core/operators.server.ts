import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { operatorTotp, sessions, type User, users } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import {
  CODE_FORMAT,
  consoleSessionState,
  isOperatorRole,
  type OperatorRole,
  WRONG_CODE,
} from "~/domain/operators";
import { matchTotp, newTotpSecret, sealTotpSecret, totpUri, unsealTotpSecret } from "~/infra/totp.server";
import { type Actor, COMMAND_LINE, writeAudit } from "./audit.server";

/**
 * Operators (docs/operations.md, ADR 0062): accounts granted a role by `npm run ops -- operator:grant`, signing in to
 * the console with their password (the site's log in) and then a TOTP code, which stamps their session for the
 * console. The console's calls and the commands share these services.
 */

export const NO_SUCH_ACCOUNT = "No account uses that e-mail.";

async function accountByEmail(tx: Database, email: string): Promise<User> {
  const [user] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .for("update");
  if (!user) throw new DomainError("not_found", NO_SUCH_ACCOUNT);
  return user;
}

/** Gives the account `email` the console role `role` (replacing any other), with an audit row. */
export async function grantOperatorRole(
  db: Database,
  email: string,
  role: string,
  actor: Actor = COMMAND_LINE,
): Promise<{ user: User; role: OperatorRole }> {
  if (!isOperatorRole(role))
    throw new DomainError("invalid", "The role must be support, trust, finance or admin.");
  return db.transaction(async (tx) => {
    const user = await accountByEmail(tx, email);
    if (user.suspendedAt) throw new DomainError("conflict", "A suspended account cannot be an operator.");
    await tx.update(users).set({ operatorRole: role, updatedAt: new Date() }).where(eq(users.id, user.id));
    await writeAudit(tx, actor, {
      action: "operator.grant",
      recordType: "operator",
      recordId: user.id,
      before: { operatorRole: user.operatorRole },
      after: { operatorRole: role },
      note: `${user.email} is ${role}`,
    });
    return { user, role };
  });
}

/**
 * Takes the console role away: the account stays as it is, its console stamps and its TOTP enrolment go (granted
 * again, it enrols again).
 */
export async function revokeOperatorRole(
  db: Database,
  email: string,
  actor: Actor = COMMAND_LINE,
): Promise<{ user: User; before: string | null }> {
  return db.transaction(async (tx) => {
    const user = await accountByEmail(tx, email);
    if (!user.operatorRole) throw new DomainError("conflict", `${user.email} is not an operator.`);
    await tx.update(users).set({ operatorRole: null, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ consoleVerifiedAt: null, consoleSeenAt: null })
      .where(eq(sessions.userId, user.id));
    await tx.delete(operatorTotp).where(eq(operatorTotp.userId, user.id));
    await writeAudit(tx, actor, {
      action: "operator.revoke",
      recordType: "operator",
      recordId: user.id,
      before: { operatorRole: user.operatorRole },
      after: { operatorRole: null },
      note: `${user.email} is no longer an operator`,
    });
    return { user, before: user.operatorRole };
  });
}

/** Where an operator's session stands with the console: enrol a code first, type a code, or in. */
export type ConsoleStage = "enrol" | "code" | "in";

export async function consoleStage(
  db: Database,
  user: User,
  sessionIdHash: string,
  now: Date = new Date(),
): Promise<ConsoleStage> {
  const [enrolment] = await db
    .select({ confirmedAt: operatorTotp.confirmedAt })
    .from(operatorTotp)
    .where(eq(operatorTotp.userId, user.id));
  if (!enrolment?.confirmedAt) return "enrol";
  return (await isConsoleLive(db, sessionIdHash, now)) ? "in" : "code";
}

/** Whether this session's console stamp holds (30 minutes idle, 8 hours at most). */
export async function isConsoleLive(
  db: Database,
  sessionIdHash: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ verifiedAt: sessions.consoleVerifiedAt, seenAt: sessions.consoleSeenAt })
    .from(sessions)
    .where(eq(sessions.idHash, sessionIdHash));
  return row !== undefined && consoleSessionState(row, now) === "live";
}

/** Marks a use of the console, which keeps the session 30 more minutes (never past its 8 hours). */
export async function touchConsole(
  db: Database,
  sessionIdHash: string,
  now: Date = new Date(),
): Promise<void> {
  await db.update(sessions).set({ consoleSeenAt: now }).where(eq(sessions.idHash, sessionIdHash));
}

/** Leaves the console: the session stays logged in to the site, without the console's stamp. */
export async function leaveConsole(db: Database, sessionIdHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ consoleVerifiedAt: null, consoleSeenAt: null })
    .where(eq(sessions.idHash, sessionIdHash));
}

/**
 * The secret an operator who has not finished enrolling puts into their authenticator app (by the QR code of
 * `uri`). Made once and kept sealed; once a first code confirmed it, it is never shown again (null).
 */
export async function pendingEnrolment(
  db: Database,
  user: User,
): Promise<{ secret: string; uri: string } | null> {
  const [row] = await db.select().from(operatorTotp).where(eq(operatorTotp.userId, user.id));
  if (row?.confirmedAt) return null;
  let secret = row ? await unsealTotpSecret(row.secretSealed) : null;
  if (!secret) {
    secret = newTotpSecret();
    const sealed = await sealTotpSecret(secret);
    await db
      .insert(operatorTotp)
      .values({ userId: user.id, secretSealed: sealed })
      .onConflictDoUpdate({
        target: operatorTotp.userId,
        set: { secretSealed: sealed, createdAt: new Date() },
      });
  }
  return { secret, uri: totpUri(secret, user.email) };
}

/**
 * Checks the operator's code and stamps the session for the console; the first good code also confirms the
 * enrolment. A code is taken once (its time step is kept), so one read over a shoulder cannot be replayed.
 */
export async function verifyConsoleCode(
  db: Database,
  user: User,
  sessionIdHash: string,
  code: string,
  now: Date = new Date(),
): Promise<void> {
  const typed = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(typed)) throw new DomainError("invalid", CODE_FORMAT);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(operatorTotp).where(eq(operatorTotp.userId, user.id)).for("update");
    const secret = row ? await unsealTotpSecret(row.secretSealed) : null;
    const step = secret ? matchTotp(secret, typed, now) : null;
    if (!row || step === null || (row.lastStep !== null && step <= row.lastStep))
      throw new DomainError("invalid", WRONG_CODE);
    await tx
      .update(operatorTotp)
      .set({ lastStep: step, confirmedAt: row.confirmedAt ?? now })
      .where(eq(operatorTotp.userId, user.id));
    await tx
      .update(sessions)
      .set({ consoleVerifiedAt: now, consoleSeenAt: now })
      .where(and(eq(sessions.idHash, sessionIdHash), isNull(sessions.revokedAt)));
    await writeAudit(
      tx,
      { id: user.id, email: user.email },
      {
        action: row.confirmedAt ? "console.sign_in" : "console.enrol",
        recordType: "operator",
        recordId: user.id,
      },
    );
  });
}
