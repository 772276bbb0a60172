import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod/v4";
import { users } from "~/db/schema";
import * as rules from "~/domain/account-rules.server";
import { displayName } from "~/domain/display-name";
import { ApplyReferralCodeSchema } from "~/domain/profile-rules.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { fieldError } from "../envelope";
import { viewUserProfile } from "../user/user.server";

/** Referral codes (the /user calls): checking a code at sign-up, and applying a friend's code later. */

export const checkReferralCode = defineEndpoint({
  method: "GET",
  path: "/space/checkReferralCode",
  auth: "none",
  summary: "Whether a referral code belongs to a user.",
  query: z.object({
    referralCode: rules.referralCode.pipe(z.string({ error: "Referral code is required" })),
  }),
  async handler({ db, query }) {
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, query.referralCode));
    return { referralCode: query.referralCode, valid: Boolean(owner) };
  },
});

export const applyReferralCode = defineEndpoint({
  method: "POST",
  path: "/space/applyReferralCode",
  auth: "required",
  invalidates: [viewUserProfile],
  summary:
    "Applies a friend's referral code to the logged-in user's account, once, when no code was applied at sign-up.",
  message: "The referral code has been applied.",
  body: ApplyReferralCodeSchema,
  async handler({ db, body, user }) {
    if (user.referredBy !== null)
      throw fieldError("referralCode", "A referral code has already been applied to your account.");
    if (body.referralCode === user.referralCode)
      throw fieldError("referralCode", "You cannot use your own referral code.");
    const [referrer] = await db
      .select({
        id: users.id,
        referredBy: users.referredBy,
        nickName: users.nickName,
        firstName: users.firstName,
      })
      .from(users)
      .where(eq(users.referralCode, body.referralCode));
    if (!referrer) throw fieldError("referralCode", "This referral code is not valid.");
    if (referrer.referredBy === user.id)
      throw fieldError("referralCode", "You cannot use the code of a friend who signed up with yours.");
    // Only while none is applied: two calls at once cannot both set it.
    const [updated] = await db
      .update(users)
      .set({ referredBy: referrer.id, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.referredBy)))
      .returning({ id: users.id });
    if (!updated)
      throw fieldError("referralCode", "A referral code has already been applied to your account.");
    return { referralCode: body.referralCode, referrerName: displayName(referrer) };
  },
});

export const endpoints: Endpoint[] = [checkReferralCode, applyReferralCode];
