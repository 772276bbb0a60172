import type { Endpoint } from "./endpoint";
import * as user from "./user.server";

/** Every declared endpoint of the API. A feature adds its module's endpoints here. */
export const ENDPOINTS: Endpoint[] = [user.cityList, user.viewUserProfile, user.login, user.logout];
