import type { Endpoint } from "./endpoint";

/** Google and Facebook sign-in: /user/googleLogin, /user/facebookLogin, /user/googlejwtLogin. */
export const endpoints: Endpoint[] = [];
