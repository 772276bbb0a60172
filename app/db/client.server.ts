import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type ConstructorOptions, fromPglite } from "pg-boss";
import { makePrivate, mkdirPrivate } from "~/data-dir.server";
import type { PgChannel } from "~/db/pg-channel.server";
import { log } from "~/infra/log.server";
import { installCatalogueTrigger, watchCatalogue, watchServerCatalogue } from "./catalogue.server";
import * as schema from "./schema";

/** One drizzle type for both drivers: the app only uses what PGlite and node-postgres share. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** The server's address, for what needs a connection of its own (LISTEN for live updates); none on PGlite. */
  url?: string;
  /**
   * Applies the committed migrations in drizzle/, then runs `andThen` (the first-start data) while no other
   * instance starting on the same database can do either.
   */
  migrate(andThen?: () => Promise<void>): Promise<void>;
  /**
   * Starts hearing the catalogue's changes (app/db/catalogue.server.ts), so that what the app keeps of it is read
   * again after each: the app's own database, once migrated. Tools that only write need not.
   */
  watchCatalogue(): Promise<void>;
  /** How the job queue (pg-boss) reaches this same database. */
  jobsConnection: Pick<ConstructorOptions, "db" | "connectionString" | "backend" | "max">;
  /**
   * The connections in use (what the metrics show): a server's pool, its open, idle and waiting counts; the
   * embedded database is one connection, its use unknown.
   */
  poolUse(): { total: number; idle?: number; waiting?: number };
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** A PostgreSQL server, through a node-postgres pool of `poolSize` connections. */
  url?: string;
  poolSize?: number;
  /** Without `url`: embedded PGlite kept in `dataDir`, or in memory when that is absent too. */
  dataDir?: string;
};

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "drizzle");
/** Any fixed number: instances starting together take turns at the migrations. */
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  const { dataDir } = options;
  if (!dataDir)
    return pgliteDatabase(
      await PGlite.create({ extensions: PGLITE_EXTENSIONS, postgresqlconf: PGLITE_CONF }),
    );
  mkdirPrivate(dataDir);
  const handle = pgliteDatabase(
    await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, postgresqlconf: PGLITE_CONF }),
  );
  // PGlite gives its files modes of its own whatever the umask (a new database's files come out 0666, its cache
  // files 0644), inside folders no one else may enter: they are made 0600 (ADR 0044) once it is open, and again
  // once it has closed, for what it wrote meanwhile.
  makePrivate(dataDir);
  return {
    ...handle,
    async close() {
      await handle.close();
      makePrivate(dataDir);
    },
  };
}

/**
 * The embedded database's settings for a small server. PostgreSQL's default 128 MB of shared buffers lives in the
 * WebAssembly memory for the life of the process; 16 MB holds the marketplace's hot pages.
 */
export const PGLITE_CONF = "shared_buffers = 16MB";

/** What every embedded database loads: btree_gist backs the bookings' exclusion constraint (drizzle/0008_bookings.sql). */
export const PGLITE_EXTENSIONS = { btree_gist };

/**
 * The handle of an embedded database that is already open. The API tests open each file's database from one
 * migrated copy (PGlite's `loadDataDir`), which skips the few seconds a new embedded database spends creating itself.
 */
export function pgliteDatabase(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    async migrate(andThen) {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await installCatalogueTrigger((text) => client.exec(text));
      await andThen?.();
    },
    watchCatalogue: () => watchCatalogue(db, client),
    jobsConnection: { db: fromPglite(client), backend: "pglite" },
    poolUse: () => ({ total: 1 }),
    close: () => client.close(),
  };
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server ended (a restart, a dropped database): the pool opens a new one when next asked.
  // One line: the error's dump would carry the whole connection object. Once the pool is closing, its connections
  // may still hear the server end them while they close (the pool's end does not wait for their sockets): not news.
  let closing = false;
  pool.on("error", (error) => {
    if (closing) return;
    log.error(
      `[db] an idle connection was lost: ${error.message}${"code" in error ? ` (${error.code})` : ""}`,
    );
  });
  const db = drizzlePg({ client: pool, schema });
  let catalogueChanges: PgChannel | undefined;
  return {
    db,
    kind: "postgres",
    url,
    async migrate(andThen) {
      // The advisory lock belongs to one connection, so the migrations run on that same connection: one of its own,
      // as the first-start data goes through the pool (however small) while the lock is still held, so that a second
      // instance starting at the same time waits, then finds both done.
      const connection = new pg.Client({ connectionString: url });
      await connection.connect();
      try {
        await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client: connection }), { migrationsFolder: MIGRATIONS_FOLDER });
        await installCatalogueTrigger((text) => connection.query(text));
        await andThen?.();
      } finally {
        await connection.end().catch(() => {});
      }
    },
    async watchCatalogue() {
      catalogueChanges ??= watchServerCatalogue(db, url);
    },
    jobsConnection: { connectionString: url, max: 2 },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      closing = true;
      await catalogueChanges?.close();
      await pool.end();
    },
  };
}

export async function pingDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`select 1`);
}

/** Whether a database error is a unique-key violation (the same on PGlite and PostgreSQL: code 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
}
