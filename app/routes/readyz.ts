import { pingDatabase } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { unavailableReason } from "~/db/unavailable.server";
import { log } from "~/infra/log.server";
import { RETRY_AFTER_SECONDS } from "~/infra/security.server";

/** Readiness: the database answers. */
export async function loader() {
  const headers = { "Content-Type": "text/plain", "Cache-Control": "no-store" };
  try {
    await pingDatabase(await getDatabase());
    return new Response("ready", { headers });
  } catch (error) {
    // One line when the database cannot be reached (a probe asks every few seconds); anything else in full.
    const reason = unavailableReason(error);
    log.error(reason ? { reason } : { err: error }, "[readyz] database not ready");
    return new Response("database unavailable", {
      status: 503,
      headers: { ...headers, "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
}
