import type { Endpoint } from "./endpoint";

/** Confirming who a user is: phone codes (/user/mobileOtp, /user/verifyOtp), the address, the identity check (/user/persona) and the company profile (/user/userCorporateProfile). */
export const endpoints: Endpoint[] = [];
