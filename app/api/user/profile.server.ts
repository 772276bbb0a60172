import { and, count, eq, gt } from "drizzle-orm";
import { z } from "zod/v4";
import { type WalletCoupon, type WalletVoucher, walletOf } from "~/core/voucher-service.server";
import { invitations, payoutMethods, users } from "~/db/schema";
import { displayName } from "~/domain/display-name";
import { maskAccountNumber } from "~/domain/payouts";
import { INVITATIONS_PER_DAY } from "~/domain/profile-options";
import { EditProfileSchema, InviteFriendSchema } from "~/domain/profile-rules.server";
import { averageStars } from "~/domain/reviews";
import { notify } from "~/infra/notify.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError, fieldError } from "../envelope";
import { toProfile, viewUserProfile } from "./user.server";

/**
 * The profile and settings (the /user calls): /user/editProfile, /user/viewAccountSettings,
 * /user/getUserInfo, /user/getMyCode, /user/inviteFriend, /user/hideGoogleR and /user/getHideReview/{id}. Every
 * call that names a user checks the id against the session: another user's id is refused with 403 and changes
 * nothing. getUserInfo is the one exception: it is the public
 * profile, meant to be read by anyone, and shows nothing private.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_YOURS = "You can only view or change your own account.";

const userId = z.uuid("Invalid user id.");

/** The sign-up link that carries a referral code; /auth/signup-form fills the code in from it. */
export function shareUrl(origin: string, referralCode: string): string {
  return `${origin}/auth/signup-form?${new URLSearchParams({ referralCode })}`;
}

/** A payout detail of the account settings (the product's gCash, bankDetails, paymayaDetails), its number masked. */
export type PayoutDetail = { accountName: string; accountNumber: string; bankName: string | null };

export const viewAccountSettings = defineEndpoint({
  method: "GET",
  path: "/user/viewAccountSettings",
  auth: "required",
  cache: true,
  summary:
    "The logged-in user's e-mail, notification switches, measurement unit and payout details (gCash, bankDetails, paymayaDetails: the one method set, its number masked to the last four characters; the others null).",
  async handler({ db, user }) {
    const [method] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, user.id));
    const detail = (kind: "bank" | "gcash" | "paymaya"): PayoutDetail | null =>
      method?.method === kind
        ? {
            accountName: method.accountName,
            accountNumber: maskAccountNumber(method.accountNumber),
            bankName: method.bankName,
          }
        : null;
    return {
      email: user.email,
      emailNotifications: user.emailNotifications,
      smsNotifications: user.smsNotifications,
      allowFacebookNotifications: user.allowFacebookNotifications,
      measurementUnit: user.measurementUnit,
      gCash: detail("gcash"),
      bankDetails: detail("bank"),
      paymayaDetails: detail("paymaya"),
    };
  },
});

export const editProfile = defineEndpoint({
  method: "POST",
  path: "/user/editProfile",
  auth: "required",
  answers: [404],
  invalidates: [viewUserProfile, viewAccountSettings],
  summary:
    "Changes any of the profile fields (names, nickname, dob, gender, aboutMe, phone) and settings (notifications, measurement unit). A new phone number has to be confirmed again.",
  message: "Your profile has been updated.",
  body: EditProfileSchema,
  async handler({ db, body, user }) {
    const changes: Partial<typeof users.$inferInsert> = {};
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined) Object.assign(changes, { [key]: value });
    }
    // A number that changes is no longer the confirmed one.
    if (body.phoneNumber !== undefined && body.phoneNumber !== user.phoneNumber)
      changes.phoneVerifiedAt = null;
    const [updated] = await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw new ApiError(404, "This account no longer exists.");
    return toProfile(updated);
  },
});

export type AccountSettings = {
  email: string;
  emailNotifications: boolean;
  smsNotifications: boolean;
  allowFacebookNotifications: boolean;
  measurementUnit: "meter" | "feet";
  gCash: PayoutDetail | null;
  bankDetails: PayoutDetail | null;
  paymayaDetails: PayoutDetail | null;
};

export const getUserInfo = defineEndpoint({
  method: "GET",
  path: "/user/getUserInfo",
  auth: "optional",
  answers: [404],
  summary:
    "A user's public profile: names, nickname, photo, about, rating, number of reviews, member since, verified. Never e-mail, phone, birth date, address or payout details.",
  query: z.object({ userId }),
  async handler({ db, query }) {
    const [found] = await db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        nickName: users.nickName,
        profilePic: users.profilePic,
        aboutMe: users.aboutMe,
        createdAt: users.createdAt,
        adminVerified: users.adminVerified,
        reviewCount: users.reviewCount,
        reviewStars: users.reviewStars,
      })
      .from(users)
      .where(eq(users.id, query.userId));
    if (!found) throw new ApiError(404, "This user does not exist.");
    const { reviewCount, reviewStars, ...profile } = found;
    return {
      ...profile,
      // The average of the stars of the shown reviews about this user (null before any), and how many there are.
      rating: averageStars(reviewStars, reviewCount),
      totalNumberofReviews: reviewCount,
      createdAt: found.createdAt.toISOString(),
    };
  },
});

export type PublicProfile = {
  userId: string;
  firstName: string;
  lastName: string;
  nickName: string | null;
  profilePic: string | null;
  aboutMe: string | null;
  rating: number | null;
  totalNumberofReviews: number;
  createdAt: string;
  adminVerified: boolean;
};

export const getMyCode = defineEndpoint({
  method: "POST",
  path: "/user/getMyCode",
  auth: "required",
  summary:
    "The user's referral code, the sign-up link that carries it, whether a friend's code is applied, and the user's vouchers (code, amount, last day, status) and saved coupons.",
  async handler({ db, user, origin }): Promise<MyCode> {
    return {
      referralCode: user.referralCode,
      shareUrl: shareUrl(origin, user.referralCode),
      referred: user.referredBy !== null,
      ...(await walletOf(db, user.id, new Date())),
    };
  },
});

export type MyCode = {
  referralCode: string;
  shareUrl: string;
  referred: boolean;
  vouchers: WalletVoucher[];
  coupons: WalletCoupon[];
};

export const inviteFriend = defineEndpoint({
  method: "POST",
  path: "/user/inviteFriend",
  auth: "required",
  answers: [429],
  summary: `E-mails 1 to 10 friends an invitation with the user's sign-up link; at most ${INVITATIONS_PER_DAY} invitations in 24 hours.`,
  body: InviteFriendSchema,
  async handler({ db, body, user, origin }) {
    if (body.emails.includes(user.email.toLowerCase()))
      throw fieldError("emails", "You cannot invite yourself. Please remove your own address.");
    const sentBefore = await db.transaction(async (tx) => {
      // One invitation batch at a time per user, so two at once cannot both pass the daily limit.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
      const since = new Date(Date.now() - DAY_MS);
      const [row] = await tx
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.userId, user.id), gt(invitations.createdAt, since)));
      const sent = row?.n ?? 0;
      const left = Math.max(0, INVITATIONS_PER_DAY - sent);
      if (body.emails.length > left) {
        throw new ApiError(
          429,
          left === 0
            ? `You have sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours, the most we allow. Please try again tomorrow.`
            : `You can send ${left} more invitation${left === 1 ? "" : "s"} today (at most ${INVITATIONS_PER_DAY} in 24 hours). Please remove some addresses and try again.`,
        );
      }
      await tx.insert(invitations).values(body.emails.map((email) => ({ userId: user.id, email })));
      return sent;
    });

    const name = displayName(user);
    const link = shareUrl(origin, user.referralCode);
    for (const email of body.emails) {
      await notify({
        email,
        kind: "invitation",
        data: { inviterName: name, referralCode: user.referralCode, message: body.message, signupLink: link },
      });
    }
    return {
      sent: body.emails.length,
      remainingToday: INVITATIONS_PER_DAY - sentBefore - body.emails.length,
    };
  },
  message: "Your invitations have been sent.",
});

export const hideGoogleReview = defineEndpoint({
  method: "POST",
  path: "/user/hideGoogleR",
  auth: "required",
  answers: [403],
  summary: 'Records that the user dismissed the "review us on Google" prompt.',
  message: "We will not ask you again.",
  body: z.strictObject({ userId: userId.optional() }),
  async handler({ db, body, user }) {
    if (body.userId !== undefined && body.userId !== user.id) throw new ApiError(403, NOT_YOURS);
    await db
      .update(users)
      .set({ hideGoogleReview: true, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    return { hideGoogleReview: true };
  },
});

export const getHideReview = defineEndpoint({
  method: "GET",
  path: "/user/getHideReview/{id}",
  auth: "required",
  answers: [403],
  summary:
    'Whether the user dismissed the "review us on Google" prompt (only for the logged-in user\'s own id).',
  params: z.object({ id: userId }),
  async handler({ params, user }) {
    if (params.id !== user.id) throw new ApiError(403, NOT_YOURS);
    return { hideGoogleReview: user.hideGoogleReview };
  },
});

export const endpoints: Endpoint[] = [
  editProfile,
  viewAccountSettings,
  getUserInfo,
  getMyCode,
  inviteFriend,
  hideGoogleReview,
  getHideReview,
];
