import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sessions, type User, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { noteRequestUser } from "./log.server";

/**
 * Sessions are database rows; the cookie carries only the session id, signed with SESSION_SECRET
 * (docs/decisions/0003-auth-cookie-scheme.md). The row keeps the id's SHA-256, never the id itself.
 */
export const SESSION_COOKIE_NAME = "ss_session";
export const SESSION_IDLE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session's expiry slides forward at most this often, so a busy user does not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

function sessionCookie() {
  const env = getEnv();
  return createCookie(SESSION_COOKIE_NAME, {
    secrets: [env.SESSION_SECRET],
    httpOnly: true,
    sameSite: "lax",
    secure: env.secureCookies,
    path: "/",
    maxAge: SESSION_IDLE_DAYS * 24 * 60 * 60,
  });
}

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** The session id in a Cookie header, when its signature is good. */
export async function readSessionId(cookieHeader: string | null): Promise<string | null> {
  const value = await sessionCookie().parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Starts a session for the user and returns the Set-Cookie header that carries it. */
export async function createSession(db: Database, userId: string, userAgent: string | null): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    userId,
    userAgent: userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + SESSION_IDLE_DAYS * DAY_MS),
  });
  return sessionCookie().serialize(id);
}

/** A live session: its user and the hash of its id. */
export type FoundSession = { user: User; idHash: string };

/** The live session named by a Cookie header and its user; slides the idle expiry forward. */
export async function findSession(db: Database, cookieHeader: string | null): Promise<FoundSession | null> {
  const id = await readSessionId(cookieHeader);
  if (!id) return null;
  const idHash = hashSessionId(id);
  const now = new Date();
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  // A suspended account's sessions end when it is suspended; one started after (a social sign-in) is not live either.
  if (!row || row.user.suspendedAt) return null;
  // The request's log line names whose session it was (never the session itself).
  noteRequestUser(row.user.id);
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_DAYS * DAY_MS) })
      .where(eq(sessions.idHash, idHash));
  }
  return { user: row.user, idHash };
}

/**
 * The sessions one browser request has looked up. A page's loaders (the shell's and the page's own) call several
 * endpoints in this process, each of which needs the caller's session, and the API client checks it again before it
 * serves a cached answer: within one request the answer is the same, so it is read once (one indexed read instead of
 * one per call). A call that changes anything forgets what was found, since it may end the session (logout, a new
 * password) or change its user.
 */
export class RequestSessions {
  private found = new Map<string, Promise<FoundSession | null>>();

  /** findSession for this Cookie header, once per session cookie in this request. */
  find(db: Database, cookieHeader: string | null): Promise<FoundSession | null> {
    const value = sessionCookieValue(cookieHeader ?? "");
    if (value === null) return findSession(db, cookieHeader);
    const known = this.found.get(value);
    if (known) return known;
    const found = this.found;
    const lookup = findSession(db, cookieHeader);
    found.set(value, lookup);
    // A lookup that failed (the database out of reach) is not an answer to keep.
    lookup.catch(() => {
      if (found.get(value) === lookup) found.delete(value);
    });
    return lookup;
  }

  forget(): void {
    this.found = new Map();
  }
}

/**
 * Whether the session named by a Cookie header is still live (not revoked, not expired): one indexed read, for the
 * screens' API client to check before it serves a cached answer to a logged-in user.
 */
export async function isSessionLive(db: Database, cookieHeader: string | null): Promise<boolean> {
  const id = await readSessionId(cookieHeader);
  if (!id) return false;
  const [row] = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(
      and(
        eq(sessions.idHash, hashSessionId(id)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function revokeSession(db: Database, idHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.idHash, idHash));
}

/** The Set-Cookie header that removes the session cookie from the browser. */
export function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The session cookie in a Cookie header: its raw value, as sent. */
const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_NAME}=([^;]*)`);

/** The session cookie's raw value in a Cookie header, unchecked (the API checks its signature); null without one. */
export function sessionCookieValue(cookieHeader: string): string | null {
  return SESSION_COOKIE_VALUE.exec(cookieHeader)?.[1] ?? null;
}

/** Whether the browser sent a session cookie at all (its signature is checked by the API). */
export function hasSessionCookie(request: Request): boolean {
  return sessionCookieValue(request.headers.get("Cookie") ?? "") !== null;
}
