import { type SQL, sql } from "drizzle-orm";
import { spaces, users } from "~/db/schema";

/**
 * Beside `status = 'active'`: what renters may see of an active listing (docs/operations.md). A listing an operator
 * hid, or one whose host is suspended, leaves search, lists and the sitemap; its page answers 410
 * (listing-page-queries.server.ts). Written on the unaliased `spaces` table.
 */
export function notWithdrawn(): SQL {
  return sql`(${spaces.hiddenAt} is null and not exists (select 1 from ${users} where ${users.id} = ${spaces.hostId} and ${users.suspendedAt} is not null))`;
}
