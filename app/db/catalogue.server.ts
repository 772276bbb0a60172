import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { type PgChannel, pgChannel } from "~/db/pg-channel.server";
import { log } from "~/infra/log.server";
import type { Database } from "./client.server";

/**
 * The catalogue — the listings with their photos, the cities and their barangays — is what the city list and a
 * visitor's search answer, and it changes far less often than they are asked: every page and the API read the
 * city list, and the home page runs two searches. A statement trigger on those tables sends a notice on every
 * write, and the catalogue's version moves on when the notice is heard; an answer is kept with the version it was
 * read at and read again once the version has moved.
 *
 * - On the embedded database PGlite delivers the notice before the writing statement (or its transaction's commit)
 *   returns, so a kept answer is exactly as fresh as a new query would be, for the writer's own next request as
 *   much as anyone's.
 * - On a PostgreSQL server (ADR 0037) other instances and tools write too, and the notice reaches each instance's
 *   listening connection a moment (a millisecond or so) after the commit. The answers kept there are the ones that
 *   moment cannot matter to: a visitor's (a visitor has written nothing they could miss) and the city list (which
 *   screens may keep 180 s anyway, docs/product.md, Caching). While an instance is not listening — before the
 * connection
 *   is up, or after it was lost until it is back — nothing is kept or served, and a loss moves the version on.
 */
const CHANNEL = "space_solution_catalogue";

/** The tables a catalogue answer reads: the listings, their photos and files, the cities and their barangays. */
const WATCHED_TABLES = ["spaces", "space_photos", "uploads", "cities", "barangays"] as const;

type Watch = {
  version: number;
  listening: () => boolean;
  /** Resolves once every change committed before the call has been heard (at once where notices are synchronous). */
  caughtUp: () => Promise<void>;
};
const watches = new WeakMap<Database, Watch>();

/** The trigger, made again on every start (`create or replace`). */
const TRIGGERS = `
  create or replace function space_solution_catalogue_changed() returns trigger language plpgsql as $$
  begin
    perform pg_notify('${CHANNEL}', 'changed');
    return null;
  end $$;
  ${WATCHED_TABLES.map(
    (table) => `create or replace trigger ${table}_catalogue_changed
      after insert or update or delete or truncate on ${table}
      for each statement execute function space_solution_catalogue_changed();`,
  ).join("\n")}
`;

/**
 * Makes the trigger, after the migrations (which made the tables) and on every start: it is the cache's machinery,
 * not part of the schema the migrations describe. `run` is the migrations' own connection, under their lock, so that
 * instances starting together do not replace it at the same moment.
 */
export async function installCatalogueTrigger(run: (sql: string) => Promise<unknown>): Promise<void> {
  await run(TRIGGERS);
}

/**
 * Starts counting the catalogue's changes on an embedded database whose trigger is in place. Until it listens,
 * `catalogueVersion` answers null.
 */
export async function watchCatalogue(db: Database, client: PGlite): Promise<void> {
  let listening = false;
  const watch: Watch = { version: 0, listening: () => listening, caughtUp: async () => {} };
  watches.set(db, watch);
  await client.listen(CHANNEL, () => {
    watch.version += 1;
  });
  listening = true;
}

/**
 * Starts counting the catalogue's changes on a PostgreSQL server whose trigger is in place: a connection of its own
 * listens, opening in the background. Closing it is the caller's, at shutdown.
 */
export function watchServerCatalogue(db: Database, url: string): PgChannel {
  // Markers this instance sent to itself, by payload: each resolves its `caughtUp` when it comes back.
  const markers = new Map<string, () => void>();
  const channel = pgChannel({
    url,
    channel: CHANNEL,
    onMessage: (payload) => {
      const marker = markers.get(payload);
      if (!marker) watch.version += 1;
      markers.delete(payload);
      marker?.();
    },
    // Changes made while not listening were not heard: whatever was kept before is read again.
    onLost: () => {
      watch.version += 1;
      for (const marker of markers.values()) marker();
      markers.clear();
    },
    stayOpen: () => true,
  });
  const watch: Watch = {
    version: 0,
    listening: () => channel.listening,
    // PostgreSQL hands a listener its notices in the order their transactions committed: once a marker sent now
    // comes back, every change committed before it has been heard.
    async caughtUp() {
      await channel.open().catch(() => {});
      if (!channel.listening) return;
      const payload = `caught up ${randomUUID()}`;
      const back = new Promise<void>((resolve) => markers.set(payload, resolve));
      await channel.notify(payload);
      await back;
    },
  };
  watches.set(db, watch);
  void channel.open().catch((error) => log.error({ err: error }, "[db] cannot hear the catalogue's changes"));
  return channel;
}

/**
 * The catalogue's version on this database: a number that changes with every committed write to a listing, its
 * photos, an upload, a city or a barangay; null while changes are not being heard (before the watch is in place,
 * or while a server's listening connection is down).
 */
export function catalogueVersion(db: Database): number | null {
  const watch = watches.get(db);
  return watch?.listening() ? watch.version : null;
}

/**
 * Resolves once this instance has heard every change to the catalogue committed before the call: at once on the
 * embedded database (its notices arrive before the write returns), after a round trip on a server. For a caller
 * that wrote the catalogue behind the API's back (a test, a tool in this process) and reads it next as a visitor.
 */
export function catalogueCaughtUp(db: Database): Promise<void> {
  return watches.get(db)?.caughtUp() ?? Promise.resolve();
}

/**
 * Answers kept while the catalogue does not change, one per key (at most `limit`, the oldest going first): after any
 * change each is read anew. While changes are not being heard, `read` runs every time. The version is taken before
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
