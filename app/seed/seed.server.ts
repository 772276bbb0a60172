import { randomUUID } from "node:crypto";
import { count, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { barangays, cities, spacePhotos, spaces, uploads, users } from "~/db/schema";
import { log } from "~/infra/log.server";
import { hashPassword } from "~/infra/password.server";
import { DEMO_HOSTS, DEMO_SPACES } from "./demo-spaces";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo-users";
import { PH_PLACES } from "./ph-places";
import { PictureUploads } from "./pictures.server";
import { spaceValues } from "./seed-space";

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

/**
 * Adds the demo listings (demo-spaces.ts) with their photos, drawn by the seed and stored through the upload
 * pipeline, unless the demo hosts already have listings. Needs the reference data and the demo accounts. Answers
 * how many listings it added.
 */
export async function seedDemoSpaces(db: Database): Promise<number> {
  const emails = Object.values(DEMO_HOSTS);
  const hosts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const hostIds = new Map(hosts.map((host) => [host.email.toLowerCase(), host.id]));
  const hostId = (host: keyof typeof DEMO_HOSTS) => {
    const id = hostIds.get(DEMO_HOSTS[host]);
    if (!id) throw new Error(`the demo account ${DEMO_HOSTS[host]} is missing: seed the demo users first`);
    return id;
  };
  const [existing] = await db
    .select({ n: count() })
    .from(spaces)
    .where(inArray(spaces.hostId, [...hostIds.values()]));
  if (existing && existing.n > 0) return 0;

  const slugs = [...new Set(DEMO_SPACES.map((space) => space.citySlug))];
  const cityRows = await db
    .select({ id: cities.id, slug: cities.slug, province: cities.province })
    .from(cities)
    .where(inArray(cities.slug, slugs));
  const cityBySlug = new Map(cityRows.map((city) => [city.slug, city]));

  const now = new Date();
  const rows = DEMO_SPACES.map((space) => {
    const city = cityBySlug.get(space.citySlug);
    if (!city)
      throw new Error(`the demo listing "${space.spaceTitle}" is in an unknown city ${space.citySlug}`);
    const context = {
      id: randomUUID(),
      hostId: hostId(space.host),
      cityId: city.id,
      province: city.province,
      now,
    };
    return spaceValues(space, context);
  });
  const photoUses = DEMO_SPACES.flatMap((space, index) =>
    space.photos.map((view, position) => ({
      spaceId: rows[index]?.id as string,
      position,
      ownerId: hostId(space.host),
      // Seeded by the listing's title: its pictures are its own, and the same on every seed.
      picture: {
        type: space.storageType,
        kind: space.kind,
        view,
        seed: space.spaceTitle ?? `${space.citySlug}-${index}`,
      },
    })),
  );
  const pictures = new PictureUploads(db);
  await pictures.prepare(photoUses);
  // Started in order (the first use of a picture gets the original upload, later ones copies), run side by side.
  const uploadIds = await mapConcurrently(photoUses, 6, (use) => pictures.use(use.ownerId, use.picture));
  await db.transaction(async (tx) => {
    if (pictures.copies.length > 0) await tx.insert(uploads).values(pictures.copies);
    await tx.insert(spaces).values(rows);
    await tx.insert(spacePhotos).values(
      photoUses.map((use, i) => ({
        uploadId: uploadIds[i] as string,
        spaceId: use.spaceId,
        position: use.position,
      })),
    );
  });
  return DEMO_SPACES.length;
}

/** `work` on every item, at most `limit` at a time, started in the items' order; the results in that order. */
async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** On start-up: a database without cities gets the reference data, and the demo accounts and listings when asked. */
export async function seedIfEmpty(db: Database, options: { demo: boolean }): Promise<void> {
  const [row] = await db.select({ n: count() }).from(cities);
  if (row && row.n > 0) return;
  const started = performance.now();
  await seedReferenceData(db);
  if (options.demo) {
    await seedDemoUsers(db);
    await seedDemoSpaces(db);
  }
  const took = Math.round(performance.now() - started);
  log.info(
    `[db] loaded ${PH_PLACES.length} cities${options.demo ? ` and the demo accounts with ${DEMO_SPACES.length} listings` : ""} in ${took} ms`,
  );
}
