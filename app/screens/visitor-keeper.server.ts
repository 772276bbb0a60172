import { catalogueKeeper } from "~/db/catalogue.server";
import { getDatabase } from "~/db/db.server";
import { getEnv } from "~/env.server";

/**
 * What a screen shows every visitor alike (no session) and reads from the catalogue through the API — the home
 * page's featured listings — kept as the catalogue cache keeps the API's own answers (app/db/catalogue.server.ts,
 * ADRs 0035 and 0037): until any write to a listing, its photos, an upload, a city or a barangay, and never longer.
 * It applies only where that cache does, the API running in this process; with API_BASE_URL (another process
 * answers, on another database) `read` runs every time.
 *
 * `read` throws to say its answer must not be kept (a call failed): the next visitor reads again.
 */
export function visitorKeeper<T>(limit: number): (key: string, read: () => Promise<T>) => Promise<T> {
  const keep = catalogueKeeper<T>(limit);
  return async (key, read) => {
    if (getEnv().API_BASE_URL) return read();
    const { db } = await getDatabase();
    return keep(db, key, read);
  };
}
