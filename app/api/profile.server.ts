import type { Endpoint } from "./endpoint";

/** The profile and settings: /user/editProfile, /user/getUserInfo, /user/viewAccountSettings, /user/getMyCode, /user/inviteFriend, /user/hideGoogleR, /user/getHideReview/{id}, /space/applyReferralCode. */
export const endpoints: Endpoint[] = [];
