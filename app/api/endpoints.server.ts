import * as auth from "./auth.server";
import type { Endpoint } from "./endpoint";
import * as enquiriesOps from "./enquiries-ops.server";
import * as favourites from "./favourites.server";
import * as feedback from "./feedback.server";
import * as listingPage from "./listing-page.server";
import * as profile from "./profile.server";
import * as search from "./search.server";
import * as social from "./social.server";
import * as spaces from "./spaces.server";
import * as uploads from "./uploads.server";
import * as user from "./user.server";
import * as verification from "./verification.server";

/** Every declared endpoint of the API. A feature adds its module's endpoints here. */
export const ENDPOINTS: Endpoint[] = [
  user.cityList,
  user.viewUserProfile,
  auth.login,
  auth.logout,
  auth.userSignup,
  auth.emailCheck,
  auth.checkReferralCode,
  auth.forgotPassword,
  auth.resetPassword,
  auth.changePassword,
  auth.updateFirstLogin,
  ...social.endpoints,
  ...uploads.endpoints,
  ...feedback.endpoints,
  ...verification.endpoints,
  ...profile.endpoints,
  ...spaces.endpoints,
  ...listingPage.endpoints,
  ...favourites.endpoints,
  ...enquiriesOps.endpoints,
  ...search.endpoints,
];
