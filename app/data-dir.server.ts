import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import { log } from "~/infra/log.server";

/**
 * DATA_DIR holds what no other user of the machine may read (ADR 0044): the embedded database (password hashes,
 * phone numbers), the session secret, the mail and SMS sinks (reset links, phone codes) and uploads kept on disk
 * (identity documents). So DATA_DIR and every folder in it are 0700 and every file 0600, whatever the umask the
 * server was started with.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The umask that gives what the process creates those modes: nothing for the group or others. */
export const PRIVATE_UMASK = 0o077;

/** Creates a folder (and any missing parents) as PRIVATE_DIR_MODE; one that exists is left as it is. */
export function mkdirPrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * At start-up, before anything opens the data: from now on this process creates files and folders for its owner
 * only, and DATA_DIR, made if missing, loses any looser mode it was left with by an earlier version or a permissive
 * umask. (The embedded database sets its files' modes itself, whatever the umask: app/db/client.server.ts makes its
 * folder private again once it has opened and once it has closed.)
 */
export function keepDataDirPrivate(dataDir: string): void {
  // A worker thread shares its process's umask and may not set it.
  if (isMainThread) process.umask(PRIVATE_UMASK);
  mkdirPrivate(dataDir);
  makePrivate(dataDir);
}

/** tightenModes, saying on the console what it could not change. */
export function makePrivate(dir: string): void {
  for (const problem of tightenModes(dir)) log.warn(`[data] ${problem}`);
}

/**
 * Sets DATA_DIR and each folder in it to PRIVATE_DIR_MODE and each file to PRIVATE_FILE_MODE where they differ.
 * Symbolic links are not followed (what they point at is not the app's to change). Returns what could not be
 * changed (a file of another user), so that start-up says so rather than stopping.
 */
export function tightenModes(dataDir: string): string[] {
  const problems: string[] = [];
  const visit = (entry: string) => {
    let stats: ReturnType<typeof lstatSync>;
    try {
      stats = lstatSync(entry);
    } catch (error) {
      // Gone since its folder was listed (PGlite removes its temporary files).
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    const wanted = stats.isDirectory() ? PRIVATE_DIR_MODE : stats.isFile() ? PRIVATE_FILE_MODE : undefined;
    if (wanted === undefined) return;
    if ((stats.mode & 0o777) !== wanted) {
      try {
        chmodSync(entry, wanted);
      } catch (error) {
        problems.push(
          `cannot make ${entry} private (${(error as NodeJS.ErrnoException).code}): others may read it`,
        );
      }
    }
    if (stats.isDirectory()) for (const name of listed(entry)) visit(path.join(entry, name));
  };
  visit(path.resolve(dataDir));
  return problems;
}

/** A folder's entries; none when it is gone, or is another user's that could not be made ours to read (reported). */
function listed(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EACCES") return [];
    throw error;
  }
}
