import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, isNull, lt, ne } from "drizzle-orm";
import { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/client.server";
import { loginFailures, passwordResetTokens, sessions, users } from "~/db/schema";
import { findUserByEmail, uniqueReferralCode } from "~/db/users.server";
import { EMAIL_TAKEN } from "~/domain/account-options";
import * as rules from "~/domain/account-rules.server";
import { ACCOUNT_SUSPENDED } from "~/domain/operators";
import { transactionWithJobs } from "~/infra/jobs.server";
import { welcomeData } from "~/infra/notifications/welcome";
import { notify } from "~/infra/notify.server";
import { hashPassword, verifyPassword } from "~/infra/password.server";
import { clearSessionCookie, createSession, revokeSession } from "~/infra/session.server";
import { authPath } from "~/utils/auth-paths";
import { safeRedirect } from "~/utils/redirect";
import { defineEndpoint } from "../endpoint";
import { ApiError, fieldError } from "../envelope";
import { LIMITS, TOO_MANY_SIGNUPS, takeRate } from "../rate-limit.server";
import { toProfile, viewUserProfile } from "./user.server";

/** Sign-up, log in and out, and the password flows (the /user calls). */

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 5;
/** The slower limit per account, whatever the addresses: this many failures in an hour (see refuseIfLockedOut). */
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
export const ACCOUNT_MAX_FAILURES = 20;
const RESET_TOKEN_MS = 60 * 60 * 1000;
const INVALID_LOGIN = "The email or password you entered is incorrect.";

export const userSignup = defineEndpoint({
  method: "POST",
  path: "/user/userSignup",
  auth: "none",
  answers: [429],
  summary: `Creates an account with e-mail and password, logs it in and sends the welcome e-mail. At most ${LIMITS.signupsPerAddress.max} new accounts an hour per caller.`,
  message: "Your account has been created.",
  body: rules.SignupSchema,
  async handler({ db, body, origin, userAgent, headers, clientAddress }) {
    if (await findUserByEmail(db, body.email)) throw fieldError("email", EMAIL_TAKEN);
    let referredBy: string | null = null;
    if (body.referralCode) {
      const [referrer] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.referralCode, body.referralCode));
      if (!referrer) throw fieldError("referralCode", "This referral code is not valid.");
      referredBy = referrer.id;
    }
    const entryUrlAt = body.entryUrlAt ? new Date(body.entryUrlAt) : null;
    const passwordHash = await hashPassword(body.password);
    // The account, its session, the sign-up's count and the welcome mail are kept together or not at all: a
    // failure half-way leaves no account whose owner could not sign up again ("e-mail taken").
    const { user, cookie } = await transactionWithJobs(db, async (tx) => {
      // Counted only once the account would be made: a taken e-mail or a wrong code is no new account.
      await takeRate(tx, [{ limit: LIMITS.signupsPerAddress, value: clientAddress }], TOO_MANY_SIGNUPS);
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          middleName: body.middleName,
          lastName: body.lastName,
          suffix: body.suffix,
          nickName: body.nickName,
          phoneNumber: body.phoneNumber,
          interested: body.interested,
          dob: body.dob,
          typeOfSignup: "email",
          firstLogin: true,
          referralCode: await uniqueReferralCode(tx, body.firstName),
          referredBy,
          entryUrl: body.entryUrl ?? null,
          entryUrlAt,
          termsAcceptedAt: new Date(),
        })
        .returning()
        .catch((error: unknown) => {
          // Two sign-ups racing for one address: the unique index decides, and the loser gets the field error.
          if (isUniqueViolation(error)) throw fieldError("email", EMAIL_TAKEN);
          throw error;
        });
      if (!user) throw new Error("the user was not created");
      const cookie = await createSession(tx, user.id, userAgent);
      await notify(
        { userId: user.id, kind: "welcome", data: welcomeData(user, origin) },
        { transaction: tx },
      );
      return { user, cookie };
    });
    headers.append("Set-Cookie", cookie);
    return toProfile(user);
  },
});

export const emailCheck = defineEndpoint({
  method: "GET",
  path: "/user/emailCheck",
  auth: "none",
  answers: [429],
  summary: `Whether an e-mail address is still free for a new account. At most ${LIMITS.emailCheckPerAddress.max} an hour per caller.`,
  query: z.object({ email: rules.email }),
  async handler({ db, query, clientAddress }) {
    // Each answer tells whether someone has an account: a sign-up form asks a few times, a harvester thousands.
    await takeRate(db, [{ limit: LIMITS.emailCheckPerAddress, value: clientAddress }]);
    return { email: query.email, available: !(await findUserByEmail(db, query.email)) };
  },
});

/**
 * The login limits. Failures are counted per e-mail and caller's address (the one the HTTP server worked out, never a
 * header the client sends):
 * - five failures for one e-mail from one address in 15 minutes lock that pair out until the window passes;
 * - once an account has twenty failures in an hour, from any addresses (someone guessing from many places), every
 *   address that has failed for it in that hour is refused too.
 * An address that has not failed for the account is never refused: a stranger's wrong guesses cannot lock the owner
 * out, and the owner logging in from their own device still gets in.
 */
async function refuseIfLockedOut(db: Database, email: string, address: string): Promise<void> {
  const now = Date.now();
  const pairSince = new Date(now - LOGIN_WINDOW_MS);
  const accountSince = new Date(now - ACCOUNT_WINDOW_MS);
  const fromHere = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.email, email),
        eq(loginFailures.address, address),
        gt(loginFailures.at, accountSince),
      ),
    )
    .orderBy(asc(loginFailures.at));
  if (fromHere.length === 0) return;
  const recent = fromHere.filter((failure) => failure.at > pairSince);
  let until = 0;
  if (recent.length >= LOGIN_MAX_FAILURES) {
    until = (recent[recent.length - LOGIN_MAX_FAILURES] as { at: Date }).at.getTime() + LOGIN_WINDOW_MS;
  } else {
    const ofAccount = and(eq(loginFailures.email, email), gt(loginFailures.at, accountSince));
    const [total] = await db.select({ n: count() }).from(loginFailures).where(ofAccount);
    const n = total?.n ?? 0;
    if (n < ACCOUNT_MAX_FAILURES) return;
    // Refused until the account falls back under the limit, or this address's own failures are an hour old.
    const [pivot] = await db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(ofAccount)
      .orderBy(asc(loginFailures.at))
      .offset(n - ACCOUNT_MAX_FAILURES)
      .limit(1);
    const underLimit = (pivot?.at.getTime() ?? now) + ACCOUNT_WINDOW_MS;
    const addressClear = (fromHere.at(-1) as { at: Date }).at.getTime() + ACCOUNT_WINDOW_MS;
    until = Math.min(underLimit, addressClear);
  }
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  throw new ApiError(
    429,
    `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or reset your password.`,
  );
}

export const login = defineEndpoint({
  method: "POST",
  path: "/user/login",
  auth: "none",
  answers: [403, 429],
  summary:
    "Logs in with e-mail and password; the answer sets the session cookie. Five failures for one e-mail from one address in 15 minutes lock that address out; twenty for an account in an hour lock out every address that failed.",
  message: "Login successful.",
  body: z.strictObject(rules.LoginSchema.shape),
  async handler({ db, body, userAgent, headers, clientAddress: address }) {
    await refuseIfLockedOut(db, body.email, address);
    const user = await findUserByEmail(db, body.email);
    const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
    if (!user || !valid) {
      await db.insert(loginFailures).values({ email: body.email, address });
      await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - ACCOUNT_WINDOW_MS)));
      // 400, not 401: a 401 means "your session ended" to every client (docs/product.md, Session end and redirects).
      throw new ApiError(400, INVALID_LOGIN);
    }
    await db
      .delete(loginFailures)
      .where(and(eq(loginFailures.email, body.email), eq(loginFailures.address, address)));
    // Said only to whoever knows the password (docs/operations.md).
    if (user.suspendedAt) throw new ApiError(403, ACCOUNT_SUSPENDED);
    headers.append("Set-Cookie", await createSession(db, user.id, userAgent));
    return toProfile(user);
  },
});

export const logout = defineEndpoint({
  method: "POST",
  path: "/user/logout",
  auth: "optional",
  invalidates: "all",
  summary: "Ends the current session and clears its cookie.",
  message: "You have been logged out.",
  async handler({ db, sessionIdHash, headers }) {
    if (sessionIdHash) await revokeSession(db, sessionIdHash);
    headers.append("Set-Cookie", await clearSessionCookie());
    return null;
  },
});

const FORGOT_ANSWER = "If an account uses that email, we have sent it a link to reset the password.";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export const forgotPassword = defineEndpoint({
  method: "GET",
  path: "/user/forgotPassword",
  auth: "none",
  answers: [429],
  summary: `E-mails a single-use reset link (valid one hour; with redirectTo, a page of this site, the link brings the person back there after logging in). Answers the same whether or not the e-mail has an account. At most ${LIMITS.forgotPasswordPerEmail.max} an hour per e-mail and ${LIMITS.forgotPasswordPerAddress.max} per caller.`,
  message: FORGOT_ANSWER,
  query: z.object({
    email: rules.email,
    redirectTo: z.string().optional(),
  }),
  async handler({ db, query, origin, clientAddress }) {
    // Counted whether or not the e-mail has an account, so the limit tells nothing about it; the per-e-mail limit
    // keeps anyone from flooding a mailbox, the per-address one from sweeping many.
    await takeRate(db, [
      { limit: LIMITS.forgotPasswordPerEmail, value: query.email },
      { limit: LIMITS.forgotPasswordPerAddress, value: clientAddress },
    ]);
    const user = await findUserByEmail(db, query.email);
    if (user) {
      const token = randomBytes(32).toString("base64url");
      await db.insert(passwordResetTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + RESET_TOKEN_MS),
      });
      await notify({
        userId: user.id,
        kind: "passwordReset",
        data: {
          firstName: user.firstName,
          nickName: user.nickName,
          resetLink: `${origin}${authPath(`/auth/reset-password/${token}`, safeRedirect(query.redirectTo, ""))}`,
        },
      });
    }
    return null;
  },
});

export const resetPassword = defineEndpoint({
  method: "POST",
  path: "/user/resetPassword",
  auth: "none",
  summary: "Sets a new password with a reset link's token; ends every session of the account.",
  message: "Your password has been reset. Please log in with your new password.",
  body: z
    .strictObject({
      id: z.string({ error: "The reset link is incomplete." }).min(10, "The reset link is incomplete."),
      ...rules.ResetPasswordFields,
    })
    .refine((value) => value.newPassword === value.confirmPassword, {
      message: rules.PASSWORDS_DIFFER,
      path: ["confirmPassword"],
    }),
  async handler({ db, body }) {
    const tokenHash = hashToken(body.id);
    await db.transaction(async (tx) => {
      const [token] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!token)
        throw new ApiError(400, "This reset link is invalid or has expired. Please ask for a new one.");
      await tx
        .update(users)
        .set({ passwordHash: await hashPassword(body.newPassword), updatedAt: new Date() })
        .where(eq(users.id, token.userId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, token.userId), isNull(sessions.revokedAt)));
      // The owner proved they hold the mailbox: the lock-out from earlier failed logins ends too.
      const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, token.userId));
      if (owner) await tx.delete(loginFailures).where(eq(loginFailures.email, owner.email.toLowerCase()));
    });
    return null;
  },
});

export const changePassword = defineEndpoint({
  method: "POST",
  path: "/user/changePassword",
  auth: "required",
  summary: "Changes the password; every other session of the account ends.",
  message: "Your password has been changed.",
  body: rules.ChangePasswordSchema,
  async handler({ db, body, user, sessionIdHash }) {
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw fieldError("currentPassword", "Your current password is incorrect.");
    }
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash: await hashPassword(body.newPassword), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, user.id),
            isNull(sessions.revokedAt),
            ne(sessions.idHash, sessionIdHash ?? ""),
          ),
        );
    });
    return null;
  },
});

export const updateFirstLogin = defineEndpoint({
  method: "POST",
  path: "/user/updateFirstLogin",
  auth: "required",
  answers: [403],
  invalidates: [viewUserProfile],
  summary: "Records that the user has been through the first-login steps.",
  body: z.strictObject({ userId: z.uuid("Invalid user id.") }),
  async handler({ db, body, user }) {
    if (body.userId !== user.id) throw new ApiError(403, "You can only change your own account.");
    await db.update(users).set({ firstLogin: false, updatedAt: new Date() }).where(eq(users.id, user.id));
    return { firstLogin: false };
  },
});
