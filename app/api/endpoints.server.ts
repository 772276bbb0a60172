import * as auth from "./auth.server";
import type { Endpoint } from "./endpoint";
import * as user from "./user.server";

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
];
