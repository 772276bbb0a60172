import { and, asc, eq, sql } from "drizzle-orm";
import { notWithdrawn } from "~/api/space/listed.server";
import { catalogueKeeper } from "~/db/catalogue.server";
import type { Database } from "~/db/client.server";
import { barangays, cities, spaces, type User } from "~/db/schema";
import { averageStars } from "~/domain/reviews";
import { defineEndpoint } from "../endpoint";

/** The /user area of the API (the /user calls). */

export const cityList = defineEndpoint({
  method: "GET",
  path: "/user/cityList",
  auth: "none",
  cache: true,
  summary:
    "The cities a space can be in, with their province, region, center, barangays and how many active storage and " +
    "parking listings each has.",
  // Every page and the API read the city list: it is kept until the catalogue changes (app/db/catalogue.server.ts).
  handler: ({ db }) => keepCityList(db, "", () => readCityList(db)),
});

const keepCityList = catalogueKeeper<CityListItem[]>(1);

async function readCityList(db: Database): Promise<CityListItem[]> {
  const [rows, counts] = await Promise.all([cityRows(db), activeCounts(db)]);
  return rows.map((city) => ({
    ...city,
    activeSpaces: counts.get(city.id) ?? { storage: 0, parking: 0 },
  }));
}

function cityRows(db: Database) {
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
}

async function activeCounts(db: Database): Promise<Map<number, { storage: number; parking: number }>> {
  const rows = await db
    .select({
      cityId: spaces.cityId,
      storage: sql<number>`(count(*) filter (where ${spaces.storageType} = 'storage'))::int`,
      parking: sql<number>`(count(*) filter (where ${spaces.storageType} = 'parking'))::int`,
    })
    .from(spaces)
    .where(and(eq(spaces.status, "active"), notWithdrawn()))
    .groupBy(spaces.cityId);
  return new Map(
    rows.flatMap((row) =>
      row.cityId === null
        ? []
        : [[row.cityId, { storage: Number(row.storage), parking: Number(row.parking) }]],
    ),
  );
}

export type CityListItem = {
  id: number;
  name: string;
  slug: string;
  province: string;
  region: string;
  latitude: number;
  longitude: number;
  barangays: string[];
  /** Active listings in the city, by type (the home page's city counts). */
  activeSpaces: { storage: number; parking: number };
};

/** The logged-in user's own fields (docs/product.md, Accounts); never the password hash. */
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
    address: user.address,
    phoneVerified: user.phoneVerifiedAt !== null,
    identityStatus: user.identityStatus,
    /**
     * The average stars of the shown reviews about the user (docs/product.md, Accounts), null before any; and how many
     * there are.
     */
    rating: averageStars(user.reviewStars, user.reviewCount),
    totalNumberofReviews: user.reviewCount,
  };
}

export type Profile = ReturnType<typeof toProfile>;

export const viewUserProfile = defineEndpoint({
  method: "GET",
  path: "/user/viewUserProfile",
  auth: "required",
  cache: true,
  summary: "The logged-in user's profile.",
  async handler({ user }) {
    return toProfile(user);
  },
});
