import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod/v4";
import { barangays, cities, type User, users } from "~/db/schema";
import { verifyPassword } from "~/services/password.server";
import { clearSessionCookie, createSession, revokeSession } from "~/services/session.server";
import { defineEndpoint } from "./endpoint";
import { ApiError } from "./envelope";

/** The /user area of the API (spec §7 "Auth and user"). */

export const cityList = defineEndpoint({
  method: "GET",
  path: "/user/cityList",
  auth: "none",
  summary: "The cities a space can be in, with their province, region, centre and barangays.",
  async handler({ db }): Promise<CityListItem[]> {
    return db
      .select({
        id: cities.id,
        name: cities.name,
        slug: cities.slug,
        province: cities.province,
        region: cities.region,
        latitude: cities.latitude,
        longitude: cities.longitude,
        barangays: sql<
          string[]
        >`coalesce(array_agg(${barangays.name} order by ${barangays.name}) filter (where ${barangays.id} is not null), '{}')`,
      })
      .from(cities)
      .leftJoin(barangays, eq(barangays.cityId, cities.id))
      .groupBy(cities.id)
      .orderBy(asc(cities.name));
  },
});

export type CityListItem = {
  id: number;
  name: string;
  slug: string;
  province: string;
  region: string;
  latitude: number;
  longitude: number;
  barangays: string[];
};

/** The logged-in user's own fields (spec §3 "Logged-in user"); never the password hash. */
export function toProfile(user: User) {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    suffix: user.suffix,
    nickName: user.nickName,
    phoneNumber: user.phoneNumber,
    profilePic: user.profilePic,
    isLogin: true,
    createdAt: user.createdAt.toISOString(),
    typeOfSignup: user.typeOfSignup,
    interested: user.interested,
    dob: user.dob,
    gender: user.gender,
    aboutMe: user.aboutMe,
    firstLogin: user.firstLogin,
    adminVerified: user.adminVerified,
    emailNotifications: user.emailNotifications,
    smsNotifications: user.smsNotifications,
    allowFacebookNotifications: user.allowFacebookNotifications,
    measurementUnit: user.measurementUnit,
    referralCode: user.referralCode,
  };
}

export type Profile = ReturnType<typeof toProfile>;

export const viewUserProfile = defineEndpoint({
  method: "GET",
  path: "/user/viewUserProfile",
  auth: "required",
  summary: "The logged-in user's profile.",
  async handler({ user }) {
    return toProfile(user);
  },
});

const INVALID_LOGIN = "The email or password you entered is incorrect.";

export const login = defineEndpoint({
  method: "POST",
  path: "/user/login",
  auth: "none",
  summary: "Logs in with e-mail and password; the answer sets the session cookie.",
  message: "Login successful.",
  body: z.strictObject({
    email: z
      .string({ error: "Email is required" })
      .trim()
      .min(1, "Email is required")
      .pipe(z.email("Invalid Email.")),
    password: z.string({ error: "Password is required" }).min(1, "Password is required"),
  }),
  async handler({ db, body, request, headers }) {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, body.email.toLowerCase()))
      .limit(1);
    const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
    // 400, not 401: a 401 means "your session ended" to every client (spec §4).
    if (!user || !valid) throw new ApiError(400, INVALID_LOGIN);
    headers.append("Set-Cookie", await createSession(db, user.id, request.headers.get("User-Agent")));
    return toProfile(user);
  },
});

export const logout = defineEndpoint({
  method: "POST",
  path: "/user/logout",
  auth: "optional",
  summary: "Ends the current session and clears its cookie.",
  message: "You have been logged out.",
  async handler({ db, sessionIdHash, headers }) {
    if (sessionIdHash) await revokeSession(db, sessionIdHash);
    headers.append("Set-Cookie", await clearSessionCookie());
    return null;
  },
});
