import { count, sql } from "drizzle-orm";
import { hashPassword } from "~/services/password.server";
import type { Database } from "../client.server";
import { barangays, cities, users } from "../schema";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo-users";
import { PH_PLACES } from "./ph-places";

/** Loads the Philippine places renters search by: cities with their provinces and barangays. Idempotent. */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(cities)
      .values(PH_PLACES.map(({ barangays: _, ...city }) => city))
      .onConflictDoUpdate({
        target: cities.slug,
        set: {
          name: sql`excluded.name`,
          province: sql`excluded.province`,
          region: sql`excluded.region`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
        },
      })
      .returning({ id: cities.id, slug: cities.slug });
    const idBySlug = new Map(inserted.map((city) => [city.slug, city.id]));
    const rows = PH_PLACES.flatMap((place) =>
      place.barangays.map((name) => ({ cityId: idBySlug.get(place.slug) as number, name })),
    );
    await tx.insert(barangays).values(rows).onConflictDoNothing();
  });
}

/** Adds the demo accounts (password DEMO_PASSWORD) that are not there yet. */
export async function seedDemoUsers(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      DEMO_USERS.map((user) => ({
        ...user,
        passwordHash,
        typeOfSignup: "email" as const,
        firstLogin: false,
      })),
    )
    .onConflictDoNothing();
}

/** On start-up: a database without cities gets the reference data, and the demo accounts when asked. */
export async function seedIfEmpty(db: Database, options: { demo: boolean }): Promise<void> {
  const [row] = await db.select({ n: count() }).from(cities);
  if (row && row.n > 0) return;
  await seedReferenceData(db);
  if (options.demo) await seedDemoUsers(db);
  console.info(`[db] loaded ${PH_PLACES.length} cities${options.demo ? " and the demo accounts" : ""}`);
}
