import type { Database } from "./client.server";

/**
 * A value made once for each database and kept as long as that database is: a prepared statement, a small cache.
 * Per database rather than per process, because each API test file has a database of its own.
 */
export function perDatabase<T>(make: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
