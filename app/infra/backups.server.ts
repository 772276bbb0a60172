import { execFile } from "node:child_process";
import {
  chmodSync,
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { makePrivate, mkdirPrivate, PRIVATE_FILE_MODE } from "~/data-dir.server";
import { PGLITE_CONF, PGLITE_EXTENSIONS } from "~/db/client.server";

/**
 * Backups of the app's database and their restore (`npm run ops -- backup FILE` / `restore FILE`; the runbook is
 * docs/deploy.md, Backups). A PostgreSQL server is dumped by its own version's pg_dump in its custom format and
 * restored by pg_restore; the embedded database (PGlite) by its own dump of its data folder, a .tar.gz, restored
 * into a fresh folder. A backup holds everything the app keeps in its database (password hashes, phone numbers,
 * the ledger), so its file is made for its owner only.
 */

/** What an operator is told when a backup or restore is refused or fails: nothing was changed. */
export class BackupFailed extends Error {}

const execFileAsync = promisify(execFile);

/**
 * Runs a PostgreSQL tool on the database at `url`; its failure says what the tool said. The password goes in the
 * tool's environment (PGPASSWORD), not on its command line, where anyone on the machine could read it.
 */
async function run(tool: string, args: string[], url?: string): Promise<string> {
  const address = url ? new URL(url) : null;
  const password = address ? decodeURIComponent(address.password) : "";
  if (address) address.password = "";
  const env = password ? { ...process.env, PGPASSWORD: password } : process.env;
  const database = address ? ["--dbname", address.href] : [];
  try {
    return (await execFileAsync(tool, [...database, ...args], { env })).stdout;
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & { stderr?: string };
    if (failed.code === "ENOENT")
      throw new BackupFailed(
        `${tool} was not found on PATH: install the PostgreSQL client of the server's version`,
      );
    throw new BackupFailed(`${tool} failed: ${(failed.stderr ?? failed.message).trim()}`);
  }
}

/** The first bytes of each kind of backup: pg_dump's custom format, and gzip (the embedded database's dump). */
const PG_DUMP_MAGIC = "PGDMP";
const GZIP_MAGIC = [0x1f, 0x8b];

/** The major version in a PostgreSQL tool's `--version` ("pg_dump (PostgreSQL) 15.20 (Debian …)" → 15). */
export function toolMajorVersion(versionText: string): number | undefined {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(versionText);
  return match ? Number(match[1]) : undefined;
}

/**
 * Why a PostgreSQL tool may not be used on a server, or undefined when it may: a dump is read back faithfully only
 * by the tools of the server's own major version (a newer pg_dump writes what an older pg_restore cannot read, an
 * older one cannot dump a newer server).
 */
export function versionMismatch(
  tool: string,
  toolVersionText: string,
  serverVersionNum: number,
): string | undefined {
  const toolMajor = toolMajorVersion(toolVersionText);
  const serverMajor = Math.floor(serverVersionNum / 10_000);
  if (toolMajor === serverMajor) return undefined;
  const found =
    toolMajor === undefined ? `an unknown version ("${toolVersionText.trim()}")` : `PostgreSQL ${toolMajor}`;
  return `${tool} is ${found} but the server runs PostgreSQL ${serverMajor}: put the ${tool} of version ${serverMajor} first on PATH (on Debian: /usr/lib/postgresql/${serverMajor}/bin) and run this again`;
}

async function serverVersionNum(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>("show server_version_num");
    return Number(rows[0]?.server_version_num);
  } finally {
    await client.end();
  }
}

async function checkToolVersion(tool: "pg_dump" | "pg_restore", url: string): Promise<void> {
  const versionText = await run(tool, ["--version"]);
  const mismatch = versionMismatch(tool, versionText, await serverVersionNum(url));
  if (mismatch) throw new BackupFailed(mismatch);
}

/** The first bytes of a file, to tell a backup's kind before anything is changed. */
function firstBytes(file: string, count: number): Buffer {
  if (!existsSync(file)) throw new BackupFailed(`${file} does not exist`);
  const descriptor = openSync(file, "r");
  try {
    const bytes = Buffer.alloc(count);
    const read = readSync(descriptor, bytes, 0, count, 0);
    return bytes.subarray(0, read);
  } finally {
    closeSync(descriptor);
  }
}

const isPgDump = (bytes: Buffer) => bytes.toString("latin1", 0, PG_DUMP_MAGIC.length) === PG_DUMP_MAGIC;
const isGzip = (bytes: Buffer) => bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];

/** Writes through a file beside `file`, renamed once whole: a failed backup never leaves a file that looks good. */
async function writeWhole(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${file}.partial`;
  try {
    // Made for its owner before a byte is in it: pg_dump keeps the mode of the file it writes into.
    writeFileSync(partial, new Uint8Array(), { mode: PRIVATE_FILE_MODE });
    await write(partial);
    chmodSync(partial, PRIVATE_FILE_MODE);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Dumps the PostgreSQL database at `url` into `file` (pg_dump's custom format). */
export async function backupPostgres(url: string, file: string): Promise<void> {
  await checkToolVersion("pg_dump", url);
  await writeWhole(file, async (partial) => {
    await run("pg_dump", ["--format=custom", "--file", partial], url);
  });
}

/** How many tables the database at `url` holds outside PostgreSQL's own schemas. */
async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg_toast%'`,
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Restores a pg_dump backup into the PostgreSQL database at `url`, which must be empty (a new database): one
 * transaction, so that a failed restore leaves it empty; roles and grants are the target server's. A database in use
 * is never restored over: pg_restore's --clean cannot drop the job queue's partitioned tables in place, and an
 * operator restores beside the old database, checks the new one, then points the app at it.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const head = firstBytes(file, 5);
  if (!isPgDump(head))
    throw new BackupFailed(
      isGzip(head)
        ? `${file} is a backup of the embedded database: restore it without DATABASE_URL`
        : `${file} is not a backup made by npm run ops -- backup (pg_dump's custom format)`,
    );
  await checkToolVersion("pg_restore", url);
  const tables = await tableCount(url);
  if (tables > 0)
    throw new BackupFailed(
      `the target database already holds ${tables} table(s): create a new one (createdb NAME), restore with DATABASE_URL naming it, and point the app at it once checked; the database there now stays as it was (--force replaces only an embedded database)`,
    );
  await run(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", file],
    url,
  );
}

const hasEntries = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** Dumps the embedded database kept in `dataDir` (DATA_DIR/pglite) into `file`, a .tar.gz. The app must be stopped. */
export async function backupEmbedded(dataDir: string, file: string): Promise<void> {
  if (!hasEntries(dataDir)) throw new BackupFailed(`there is no embedded database in ${dataDir}`);
  const client = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, postgresqlconf: PGLITE_CONF });
  try {
    await writeEmbeddedBackup(client, file);
  } finally {
    await client.close();
    makePrivate(dataDir);
  }
}

/** Writes an open embedded database's dump (its data folder, gzipped) into `file`. */
export async function writeEmbeddedBackup(client: PGlite, file: string): Promise<void> {
  const dump = await client.dumpDataDir("gzip");
  await writeWhole(file, async (partial) => {
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: PRIVATE_FILE_MODE });
  });
}

/**
 * Restores a backup of the embedded database into `dataDir` (DATA_DIR/pglite). A folder that already holds a
 * database is refused unless `force`; then it is kept aside, renamed, and put back if the restore fails. Returns
 * where the old one was kept, if any. The app must be stopped.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<{ keptAside?: string }> {
  const head = firstBytes(file, 5);
  if (!isGzip(head))
    throw new BackupFailed(
      isPgDump(head)
        ? `${file} is a backup of a PostgreSQL server: restore it with DATABASE_URL set to an empty database`
        : `${file} is not a backup made by npm run ops -- backup (the embedded database's .tar.gz)`,
    );
  let keptAside: string | undefined;
  if (hasEntries(dataDir)) {
    if (!options.force)
      throw new BackupFailed(
        `${dataDir} already holds a database: stop the app and pass --force to keep it aside and restore, or restore into another DATA_DIR`,
      );
    const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, "-");
    keptAside = `${dataDir}.before-restore-${stamp}`;
    renameSync(dataDir, keptAside);
  }
  try {
    mkdirPrivate(dataDir);
    const dump = new Blob([readFileSync(file)], { type: "application/x-gzip" });
    const client = await PGlite.create(dataDir, {
      extensions: PGLITE_EXTENSIONS,
      postgresqlconf: PGLITE_CONF,
      loadDataDir: dump,
    });
    await client.close();
    makePrivate(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (keptAside) renameSync(keptAside, dataDir);
    throw error;
  }
  return { keptAside };
}

/** The database a command works on: a PostgreSQL server's (DATABASE_URL), else the embedded one's folder. */
export type BackupTarget = { url: string } | { dataDir: string };

/** `npm run ops -- backup FILE`: what was written, for the operator. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<string> {
  if ("url" in target) {
    await backupPostgres(target.url, file);
    return `the database → ${file}`;
  }
  await backupEmbedded(target.dataDir, file);
  return `the embedded database in ${target.dataDir} → ${file}`;
}

/** `npm run ops -- restore FILE [--force]`: what was done, for the operator, line by line. */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<string[]> {
  if ("url" in target) {
    await restorePostgres(target.url, file);
    return [`${file} → the database; check it (ledger:check) before pointing the app at it`];
  }
  const { keptAside } = await restoreEmbedded(target.dataDir, file, options);
  return [
    ...(keptAside ? [`the database that was there is kept in ${keptAside}`] : []),
    `${file} → the embedded database in ${target.dataDir}`,
  ];
}
