import type { PGlite } from "@electric-sql/pglite";
import type { Database } from "./client.server";

/**
 * The catalogue — the listings with their photos, the cities and their barangays — is what the city list and a
 * visitor's search answer, and it changes far less often than they are asked: every page and the API read the
 * city list, and the home page runs two searches. On the embedded database each query costs this very process
 * about a millisecond, and every write passes through it: there, a trigger on those tables sends a notice that
 * PGlite delivers before the writing statement (or its transaction's commit) returns, and the catalogue's version
 * moves on. An answer kept with the version it was read at is then exactly as fresh as a new
 * query would be, for the writer's own next request as much as anyone's.
 *
 * On a PostgreSQL server other instances and tools write too, and a notice arrives some time after the commit, so
 * nothing is kept: `catalogueVersion` answers null and callers query as before (PostgreSQL answers those queries in
 * its own process).
 */
const CHANNEL = "space_solution_catalogue";

/** The tables a catalogue answer reads: the listings, their photos and files, the cities and their barangays. */
const WATCHED_TABLES = ["spaces", "space_photos", "uploads", "cities", "barangays"] as const;

type Watch = { version: number; listening: boolean };
const watches = new WeakMap<Database, Watch>();

/**
 * Starts counting the catalogue's changes on an embedded database (after its migrations, which made the tables):
 * installs the trigger (again on every start: it is not part of the schema the migrations describe, and PostgreSQL
 * servers never get it) and listens. Until both are done, `catalogueVersion` answers null.
 */
export async function watchCatalogue(db: Database, client: PGlite): Promise<void> {
  const watch: Watch = { version: 0, listening: false };
  watches.set(db, watch);
  await client.exec(`
    create or replace function space_solution_catalogue_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${CHANNEL}', '');
      return null;
    end $$;
    ${WATCHED_TABLES.map(
      (table) => `create or replace trigger ${table}_catalogue_changed
        after insert or update or delete or truncate on ${table}
        for each statement execute function space_solution_catalogue_changed();`,
    ).join("\n")}
  `);
  await client.listen(CHANNEL, () => {
    watch.version += 1;
  });
  watch.listening = true;
}

/**
 * The catalogue's version on this database: a number that changes with every committed write to a listing, its
 * photos, an upload, a city or a barangay; null where changes are not counted (PostgreSQL, or before the watch is in place).
 */
export function catalogueVersion(db: Database): number | null {
  const watch = watches.get(db);
  return watch?.listening ? watch.version : null;
}

/**
 * Answers kept while the catalogue does not change, one per key (at most `limit`, the oldest going first): after any
 * change each is read anew. Where changes are not counted, `read` runs every time. The version is taken before
 * reading, so a change made while reading makes that answer stale at once rather than kept as new.
 */
export function catalogueKeeper<T>(limit: number) {
  const kept = new WeakMap<Database, { version: number; answers: Map<string, Promise<T>> }>();
  return (db: Database, key: string, read: () => Promise<T>): Promise<T> => {
    const version = catalogueVersion(db);
    if (version === null) return read();
    let current = kept.get(db);
    if (current?.version !== version) {
      current = { version, answers: new Map() };
      kept.set(db, current);
    }
    const known = current.answers.get(key);
    if (known) return known;
    const answer = read();
    const { answers } = current;
    if (answers.size >= limit) answers.delete(answers.keys().next().value as string);
    answers.set(key, answer);
    // A failed read is not kept: the next call tries again.
    answer.catch(() => {
      if (answers.get(key) === answer) answers.delete(key);
    });
    return answer;
  };
}
