import { randomUUID } from "node:crypto";
import { getTableColumns, getTableName, inArray, is, SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { cities, spacePhotos, spaces, uploads, users } from "~/db/schema";
import { PARKING_KINDS, STORAGE_KINDS } from "~/domain/vocabulary";
import { hashPassword } from "~/infra/password.server";
import { DEMO_PASSWORD } from "./demo-users";
import { createRandom, generateSpace } from "./generate-spaces";
import { type Picture, pictureKey, storePicturePool } from "./pictures.server";
import { spaceValues } from "./seed-space";

/**
 * `npm run db:seed -- --spaces N`: N generated active listings (generate-spaces.ts) for load tests and the search
 * benchmark, owned by a few generated hosts, written with multi-row inserts in batches.
 *
 * Each listing gets one photo: an `uploads` row of kind spaceImages whose files are a shared pool under `seed/`
 * (one picture per kind, stored once). Those rows share their files, so deleting one of them through the upload
 * machinery (removeUploads) would delete the pool's file for every generated listing of that kind: these listings
 * are for load, not for editing. Running it again adds N more listings (the hosts are reused).
 */

/** Generated hosts own the listings: host01@seed.spacesolution.ph … (password DEMO_PASSWORD). */
export const SEED_HOST_DOMAIN = "seed.spacesolution.ph";
export const DEFAULT_SEED_HOSTS = 20;
/** Rows per INSERT: about 38 parameters a listing keeps a batch well under PostgreSQL's 65,535. */
export const DEFAULT_BATCH_SIZE = 1000;

const FIRST_NAMES = [
  "Jose",
  "Maria",
  "Juan",
  "Ana",
  "Mark",
  "Kristine",
  "John",
  "Angelica",
  "Paolo",
  "Camille",
];
const LAST_NAMES = [
  "Santos",
  "Reyes",
  "Cruz",
  "Bautista",
  "Garcia",
  "Mendoza",
  "Torres",
  "Villanueva",
  "Ramos",
];

export type BulkSeedOptions = {
  count: number;
  /** The generator's seed: the same seed gives the same listings (default 1). */
  seed?: number;
  hosts?: number;
  batchSize?: number;
  /** Called after each batch with how many listings are written so far. */
  onProgress?: (written: number) => void;
  /** Listings' ages are counted back from this moment (default now). */
  now?: Date;
};

/** Writes `count` generated listings; answers how many, and the hosts' ids. */
export async function seedBulkSpaces(
  db: Database,
  options: BulkSeedOptions,
): Promise<{ spaces: number; hostIds: string[] }> {
  const { count, seed = 1, batchSize = DEFAULT_BATCH_SIZE, now = new Date() } = options;
  const cityRows = await db
    .select({ id: cities.id, slug: cities.slug, province: cities.province })
    .from(cities);
  if (cityRows.length === 0) throw new Error("no cities: load the reference data first (npm run db:seed)");
  const cityBySlug = new Map(cityRows.map((city) => [city.slug, city]));
  const hostIds = await seedHosts(db, options.hosts ?? DEFAULT_SEED_HOSTS);
  const pool = await storePicturePool(poolPictures());

  const random = createRandom(seed);
  let written = 0;
  while (written < count) {
    const size = Math.min(batchSize, count - written);
    const spaceRows: (typeof spaces.$inferInsert)[] = [];
    const uploadRows: (typeof uploads.$inferInsert)[] = [];
    const photoRows: (typeof spacePhotos.$inferInsert)[] = [];
    for (let i = 0; i < size; i++) {
      const space = generateSpace(random);
      const city = cityBySlug.get(space.citySlug);
      if (!city) throw new Error(`unknown city ${space.citySlug}: reload the reference data`);
      const hostId = hostIds[Math.floor(random() * hostIds.length)] as string;
      const id = randomUUID();
      const values = spaceValues(space, { id, hostId, cityId: city.id, province: city.province, now });
      spaceRows.push(values);
      const picture = pool.get(
        pictureKey({ type: space.storageType, kind: space.kind, view: "cover", seed: POOL_SEED }),
      );
      if (!picture) throw new Error(`no pool picture for ${space.storageType} ${space.kind}`);
      const uploadId = randomUUID();
      uploadRows.push({
        id: uploadId,
        ownerId: hostId,
        kind: "spaceImages",
        storageKey: picture.storageKey,
        contentType: picture.contentType,
        bytes: picture.bytes,
        width: picture.width,
        height: picture.height,
        variants: picture.variants,
        createdAt: values.createdAt,
      });
      photoRows.push({ uploadId, spaceId: id, position: 0 });
    }
    await db.transaction(async (tx) => {
      await insertRows(tx, spaces, spaceRows);
      await insertRows(tx, uploads, uploadRows);
      await insertRows(tx, spacePhotos, photoRows);
    });
    written += size;
    options.onProgress?.(written);
  }
  // What autovacuum would do shortly after: fresh statistics for the planner, and the visibility map set so that
  // counts can be answered from the indexes alone.
  for (const table of [spaces, spacePhotos, uploads]) {
    await db.execute(sql`vacuum (analyze) ${sql.identifier(getTableName(table))}`);
  }
  return { spaces: written, hostIds };
}

/**
 * A multi-row insert sent as one JSON parameter (`insert … select * from json_populate_recordset(…)`): with a
 * thousand rows of forty columns, drizzle's `values()` spends more time building the statement (and PGlite parsing
 * 40,000 parameters) than the database spends inserting. A NOT NULL column needs a value or a plain default; a
 * generated column (the database keeps it) is left out.
 */
async function insertRows<T extends PgTable>(db: Database, table: T, rows: readonly T["$inferInsert"][]) {
  const columns = Object.entries(getTableColumns(table)).filter(([, column]) => !column.generated);
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      let value = (row as Record<string, unknown>)[key];
      if (value === undefined) {
        const plainDefault = column.hasDefault && column.default !== undefined && !is(column.default, SQL);
        if (!plainDefault && column.notNull)
          throw new Error(`insertRows: ${getTableName(table)}.${column.name} needs a value`);
        value = plainDefault ? column.default : null;
      }
      record[column.name] = value instanceof Date ? value.toISOString() : value;
    }
    return record;
  });
  const name = sql.identifier(getTableName(table));
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${name} (${names}) select ${names} from json_populate_recordset(null::${name}, ${JSON.stringify(records)}::json)`,
  );
}

/** The pool's pictures are one per kind, shared by every generated listing of that kind. */
const POOL_SEED = "pool";

/** The cover picture of every kind of both types: the pool the generated listings' photos point at. */
function poolPictures(): Picture[] {
  return [
    ...STORAGE_KINDS.map((kind): Picture => ({ type: "storage", kind, view: "cover", seed: POOL_SEED })),
    ...PARKING_KINDS.map((kind): Picture => ({ type: "parking", kind, view: "cover", seed: POOL_SEED })),
  ];
}

/** The generated hosts (added when missing), in a fixed order. */
async function seedHosts(db: Database, count: number): Promise<string[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const random = createRandom(count);
  const hosts = Array.from({ length: count }, (_, i) => {
    const number = String(i + 1).padStart(2, "0");
    return {
      email: `host${number}@${SEED_HOST_DOMAIN}`,
      passwordHash,
      firstName: FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)] as string,
      lastName: LAST_NAMES[Math.floor(random() * LAST_NAMES.length)] as string,
      phoneNumber: `0917${String(5_000_000 + i).padStart(7, "0")}`,
      interested: "host",
      referralCode: `SEED-HOST-${number}`,
      typeOfSignup: "email" as const,
      firstLogin: false,
    };
  });
  await db.insert(users).values(hosts).onConflictDoNothing();
  const emails = hosts.map((host) => host.email);
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const idByEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
  return emails.map((email) => {
    const id = idByEmail.get(email);
    if (!id) throw new Error(`the seed host ${email} could not be created`);
    return id;
  });
}
