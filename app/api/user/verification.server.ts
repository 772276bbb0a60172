import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import {
  cities,
  corporateProfiles,
  identityChecks,
  type PostalAddress,
  phoneCodes,
  users,
} from "~/db/schema";
import { AddressSchema, UNKNOWN_CITY } from "~/domain/address-rules";
import { CorporateProfileSchema } from "~/domain/company-rules";
import {
  compactPhoneNumber,
  MobileOtpSchema,
  PHONE_CODE_DIGITS,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_MESSAGES,
  PHONE_CODE_TTL_MS,
  phoneCodeState,
  phoneCodeText,
  resendWaitMessage,
  resendWaitSeconds,
  VerifyOtpSchema,
  wrongCodeMessage,
} from "~/domain/phone-code";
import { getEnv } from "~/env.server";
import { IDENTITY_REFERENCE_PATTERN, identityProvider, newIdentityReference } from "~/infra/identity.server";
import { log } from "~/infra/log.server";
import { sendPhoneCode } from "~/infra/sms.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError, ApiRedirect, fieldError } from "../envelope";
import { viewUserProfile } from "./user.server";

/** Confirming who a user is: phone codes (/user/mobileOtp, /user/verifyOtp), the address, the identity check (/user/persona) and the company profile (/user/userCorporateProfile). */

// ---------------------------------------------------------------------------------------------------------------
// Phone codes

/** The code's keyed hash: a leaked table does not give away codes (a plain hash of 6 digits would). */
function hashPhoneCode(userId: string, phoneNumber: string, code: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`phone-code\u0000${userId}\u0000${phoneNumber}\u0000${code}`)
    .digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

export const mobileOtp = defineEndpoint({
  method: "POST",
  path: "/user/mobileOtp",
  auth: "required",
  answers: [429],
  summary:
    "Texts a 6-digit code to a phone number (valid 5 minutes, 5 tries); at most one new code a minute per user.",
  message: "We have sent you a 6-digit code. It is valid for 5 minutes.",
  body: MobileOtpSchema,
  async handler({ db, body, user }) {
    const { phoneNumber } = body;
    if (user.phoneVerifiedAt && user.phoneNumber && compactPhoneNumber(user.phoneNumber) === phoneNumber) {
      throw fieldError("phoneNumber", PHONE_CODE_MESSAGES.alreadyVerified);
    }
    const code = String(randomInt(0, 10 ** PHONE_CODE_DIGITS)).padStart(PHONE_CODE_DIGITS, "0");
    const now = new Date();
    const expiresAt = new Date(now.getTime() + PHONE_CODE_TTL_MS);
    const id = await db.transaction(async (tx) => {
      // One request per user at a time past this point, so two quick clicks cannot both send a code.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
      const [last] = await tx
        .select({ createdAt: phoneCodes.createdAt })
        .from(phoneCodes)
        .where(eq(phoneCodes.userId, user.id))
        .orderBy(desc(phoneCodes.createdAt))
        .limit(1);
      const wait = resendWaitSeconds(last?.createdAt, now);
      if (wait > 0) throw new ApiError(429, resendWaitMessage(wait), { retryAfterSeconds: wait });
      const [row] = await tx
        .insert(phoneCodes)
        .values({
          userId: user.id,
          phoneNumber,
          codeHash: hashPhoneCode(user.id, phoneNumber, code),
          createdAt: now,
          expiresAt,
        })
        .returning({ id: phoneCodes.id });
      if (!row) throw new Error("the phone code was not stored");
      return row.id;
    });
    try {
      await sendPhoneCode(phoneNumber, phoneCodeText(code), code);
    } catch (error) {
      // Not sent: the code goes, so the user may ask again at once.
      await db.delete(phoneCodes).where(eq(phoneCodes.id, id));
      throw error;
    }
    return { phoneNumber, expiresAt: expiresAt.toISOString() };
  },
});

type VerifyOutcome =
  | { kind: "verified" }
  | { kind: "none" | "used" | "expired" | "exhausted" }
  | { kind: "wrong"; triesLeft: number };

export const verifyOtp = defineEndpoint({
  method: "POST",
  path: "/user/verifyOtp",
  auth: "required",
  invalidates: [viewUserProfile],
  summary:
    "Checks the code last sent to a phone number (5 wrong tries end it) and marks the number as the user's verified phone.",
  message: PHONE_CODE_MESSAGES.verified,
  body: VerifyOtpSchema,
  async handler({ db, body, user }) {
    const now = new Date();
    const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
      const [code] = await tx
        .select()
        .from(phoneCodes)
        .where(and(eq(phoneCodes.userId, user.id), eq(phoneCodes.phoneNumber, body.phoneNumber)))
        .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
        .limit(1)
        .for("update");
      if (!code) return { kind: "none" };
      const state = phoneCodeState(code, now);
      if (state !== "live") return { kind: state };
      if (!sameHash(code.codeHash, hashPhoneCode(user.id, body.phoneNumber, body.otp))) {
        const attempts = code.attempts + 1;
        await tx.update(phoneCodes).set({ attempts }).where(eq(phoneCodes.id, code.id));
        return { kind: "wrong", triesLeft: PHONE_CODE_MAX_TRIES - attempts };
      }
      await tx.update(phoneCodes).set({ usedAt: now }).where(eq(phoneCodes.id, code.id));
      await tx
        .update(users)
        .set({ phoneNumber: body.phoneNumber, phoneVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      return { kind: "verified" };
    });
    // Thrown after the transaction, so a wrong try stays counted.
    switch (outcome.kind) {
      case "verified":
        return { phoneNumber: body.phoneNumber, phoneVerified: true, phoneVerifiedAt: now.toISOString() };
      case "wrong":
        throw fieldError("otp", wrongCodeMessage(outcome.triesLeft));
      case "none":
        throw fieldError("otp", PHONE_CODE_MESSAGES.noCode);
      default:
        throw fieldError("otp", PHONE_CODE_MESSAGES[outcome.kind]);
    }
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Addresses

/** The city of /user/cityList an address names, by name or slug, whatever the case; else a field error. */
async function knownCity(db: Database, value: string, field: string): Promise<string> {
  const wanted = value.trim().toLowerCase();
  const [city] = await db
    .select({ name: cities.name })
    .from(cities)
    .where(or(eq(sql`lower(${cities.slug})`, wanted), eq(sql`lower(${cities.name})`, wanted)))
    .orderBy(sql`case when lower(${cities.slug}) = ${wanted} then 0 else 1 end`, cities.id)
    .limit(1);
  if (!city) throw fieldError(field, UNKNOWN_CITY);
  return city.name;
}

async function checkedAddress(db: Database, address: PostalAddress, field: string): Promise<PostalAddress> {
  return { ...address, city: await knownCity(db, address.city, `${field}.city`) };
}

export const updateAddress = defineEndpoint({
  method: "POST",
  path: "/user/updateAddress",
  auth: "required",
  invalidates: [viewUserProfile],
  summary:
    "Saves the user's address (line 1, line 2, city from /user/cityList, barangay, province, house number, street). An addition to the product's calls.",
  message: "Your address has been saved.",
  body: z.strictObject({ address: AddressSchema }),
  async handler({ db, body, user }) {
    const address = await checkedAddress(db, body.address, "address");
    await db.update(users).set({ address, updatedAt: new Date() }).where(eq(users.id, user.id));
    return { address };
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Identity check

const reference = z
  .string({ error: "The identity check's reference is missing." })
  .regex(IDENTITY_REFERENCE_PATTERN, "This is not a reference of an identity check.");

export const IDENTITY_MESSAGES = {
  alreadyVerified: "Your identity has already been verified.",
  notFound: "We could not find this identity check.",
  notYours: "This identity check belongs to another account.",
  completed: "This identity check has already been completed. Start a new one if you need to.",
  unconfirmed:
    "The identity check's result could not be confirmed with the provider. Please start the check again.",
  unavailable: "Identity checks are not available at the moment. Please try again later.",
  inReview: "Your identity check is being reviewed by our team. We will tell you as soon as it is decided.",
  submitted:
    "Your identity check has been sent and is being checked. We will tell you as soon as it has a result.",
  byWebhook:
    "The result of this identity check comes from our verification partner. We will tell you as soon as it is in.",
} as const;

/** How long a check sent to the provider is awaited before the user may start a new one. */
const SUBMITTED_CHECK_WAIT_MS = 24 * 60 * 60 * 1000;

/** Where the provider sends the browser back to once the user has gone through its flow. */
export const IDENTITY_RETURN_PATH = "/user-profile/profile-persona-verification";

const PersonaSchema = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("start") }),
    z.strictObject({
      action: z.literal("complete"),
      reference,
      result: z.enum(["passed", "failed"], { error: "The result must be passed or failed." }),
      /** The provider's proof of the result (the sandbox's signature); a result without it is not recorded. */
      signature: z
        .string({ error: "The identity check's signature must be text." })
        .max(200, "The identity check's signature is not valid.")
        .optional(),
    }),
  ],
  { error: 'The action must be "start" or "complete".' },
);

function identityCheckView(check: typeof identityChecks.$inferSelect) {
  return {
    reference: check.reference,
    provider: check.provider,
    status: check.status,
    /** Why a failed check failed (the provider's words), else null. */
    reason: check.reason,
    createdAt: check.createdAt.toISOString(),
    completedAt: check.completedAt?.toISOString() ?? null,
  };
}

/** The caller's check with this reference: 404 when there is none, 403 when it is another user's. */
async function ownCheck(db: Database, userId: string, ref: string) {
  const [check] = await db.select().from(identityChecks).where(eq(identityChecks.reference, ref)).limit(1);
  if (!check) throw new ApiError(404, IDENTITY_MESSAGES.notFound);
  if (check.userId !== userId) throw new ApiError(403, IDENTITY_MESSAGES.notYours);
  return check;
}

export const persona = defineEndpoint({
  method: "POST",
  path: "/user/persona",
  auth: "required",
  answers: [302, 403, 404, 409, 502, 503],
  invalidates: [viewUserProfile],
  summary:
    'The identity check. { action: "start" } answers 302 with redirectUrl, the provider\'s page (Persona: its hosted flow for an inquiry created server-side, or the user\'s inquiry still in progress resumed; 409 while a sent one awaits its result; 502 when Persona refuses); { action: "complete", reference, result, signature } records the result the sandbox provider sent back with the browser, once its signature is confirmed (409 for Persona, whose result comes only by its signed webhook). 503 when no provider is configured.',
  message: "Your identity check has been recorded.",
  body: PersonaSchema,
  async handler({ db, body, user, origin }) {
    const provider = identityProvider();
    if (!provider) throw new ApiError(503, IDENTITY_MESSAGES.unavailable);
    if (body.action === "start") {
      if (user.identityStatus === "passed") throw new ApiError(400, IDENTITY_MESSAGES.alreadyVerified);
      if (user.identityStatus === "review") throw new ApiError(409, IDENTITY_MESSAGES.inReview);
      if (provider.resultBy === "webhook") {
        // A check still in progress is continued, not doubled: one inquiry per attempt at verifying, as Persona advises.
        const [latest] = await db
          .select()
          .from(identityChecks)
          .where(eq(identityChecks.userId, user.id))
          .orderBy(desc(identityChecks.createdAt), desc(identityChecks.id))
          .limit(1);
        if (latest?.status === "pending" && latest.provider === provider.name && latest.providerCheckId) {
          let resumed: string;
          try {
            resumed = await provider.resumeCheck(latest.providerCheckId, {
              origin,
              returnPath: IDENTITY_RETURN_PATH,
            });
          } catch (error) {
            log.error({ err: error }, `[identity] ${provider.name} could not resume a check`);
            throw new ApiError(502, IDENTITY_MESSAGES.unavailable);
          }
          if (resumed !== "submitted") throw new ApiRedirect(resumed, "Continue to the identity check.");
          // Sent and awaiting its result; after a day without one (a result lost on the way), a new check may start.
          if (Date.now() - latest.createdAt.getTime() < SUBMITTED_CHECK_WAIT_MS)
            throw new ApiError(409, IDENTITY_MESSAGES.submitted);
        }
      }
      const ref = newIdentityReference();
      // The provider is asked first (Persona: an inquiry, keyed by our reference), and the check is kept only once
      // it has one, so a provider that refuses leaves the user's status as it was.
      let started: Awaited<ReturnType<typeof provider.startCheck>>;
      try {
        started = await provider.startCheck({
          reference: ref,
          userId: user.id,
          origin,
          returnPath: IDENTITY_RETURN_PATH,
        });
      } catch (error) {
        log.error({ err: error }, `[identity] ${provider.name} could not start a check`);
        throw new ApiError(502, IDENTITY_MESSAGES.unavailable);
      }
      await db.transaction(async (tx) => {
        await tx.insert(identityChecks).values({
          userId: user.id,
          provider: provider.name,
          reference: ref,
          providerCheckId: started.providerCheckId,
        });
        await tx
          .update(users)
          .set({ identityStatus: "pending", updatedAt: new Date() })
          .where(eq(users.id, user.id));
      });
      throw new ApiRedirect(started.url, "Continue to the identity check.");
    }
    const check = await ownCheck(db, user.id, body.reference);
    if (check.status !== "pending") throw new ApiError(409, IDENTITY_MESSAGES.completed);
    // Persona's result comes only by its signed webhook: what the browser brings counts for nothing.
    if (provider.resultBy !== "browser" || check.provider !== provider.name)
      throw new ApiError(409, IDENTITY_MESSAGES.byWebhook);
    // The browser only carries the result: it counts once the provider confirms it, so nobody verifies themselves.
    const status = await provider.confirmResult(check.reference, {
      result: body.result,
      signature: body.signature,
    });
    if (!status) throw fieldError("signature", IDENTITY_MESSAGES.unconfirmed);
    const now = new Date();
    const completed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(identityChecks)
        .set({ status, completedAt: now })
        .where(and(eq(identityChecks.id, check.id), eq(identityChecks.status, "pending")))
        .returning();
      // Completed by a request that ran at the same time.
      if (!row) return null;
      await tx
        .update(users)
        .set({ identityStatus: status, identityCheckedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      return row;
    });
    if (!completed) throw new ApiError(409, IDENTITY_MESSAGES.completed);
    return { ...identityCheckView(completed), identityStatus: status };
  },
});

export const personaStatus = defineEndpoint({
  method: "GET",
  path: "/user/persona",
  auth: "required",
  answers: [403, 404],
  summary:
    "One of the caller's identity checks, by its reference (the sandbox provider's page reads it); without a reference, the caller's latest check (its status and, when it failed, why), or null. An addition.",
  query: z.object({ reference: reference.optional() }),
  async handler({ db, query, user }) {
    if (query.reference !== undefined) return identityCheckView(await ownCheck(db, user.id, query.reference));
    const [latest] = await db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.userId, user.id))
      .orderBy(desc(identityChecks.createdAt), desc(identityChecks.id))
      .limit(1);
    return latest ? identityCheckView(latest) : null;
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Company profile

function corporateView(profile: typeof corporateProfiles.$inferSelect) {
  return {
    companyName: profile.companyName,
    tinNumber: profile.tinNumber,
    businessAddress: profile.businessAddress,
    updatedAt: profile.updatedAt.toISOString(),
  };
}

export type CorporateProfile = ReturnType<typeof corporateView>;

export const saveCorporateProfile = defineEndpoint({
  method: "POST",
  path: "/user/userCorporateProfile",
  auth: "required",
  invalidates: [viewUserProfile],
  summary: "Saves the caller's company profile: company name, TIN (required) and business address.",
  message: "Your company profile has been saved.",
  body: CorporateProfileSchema,
  async handler({ db, body, user }) {
    const businessAddress = await checkedAddress(db, body.businessAddress, "businessAddress");
    const values = {
      companyName: body.companyName,
      tinNumber: body.tinNumber,
      businessAddress,
      updatedAt: new Date(),
    };
    const [profile] = await db
      .insert(corporateProfiles)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: corporateProfiles.userId, set: values })
      .returning();
    if (!profile) throw new Error("the company profile was not saved");
    return corporateView(profile);
  },
});

export const viewCorporateProfile = defineEndpoint({
  method: "GET",
  path: "/user/userCorporateProfile",
  auth: "required",
  summary: "The caller's company profile, or null when there is none. An addition to the product's calls.",
  async handler({ db, user }): Promise<CorporateProfile | null> {
    const [profile] = await db
      .select()
      .from(corporateProfiles)
      .where(eq(corporateProfiles.userId, user.id))
      .limit(1);
    return profile ? corporateView(profile) : null;
  },
});

export const endpoints: Endpoint[] = [
  mobileOtp,
  verifyOtp,
  updateAddress,
  persona,
  personaStatus,
  saveCorporateProfile,
  viewCorporateProfile,
];
