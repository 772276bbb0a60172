import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { spaces } from "~/db/schema";
import { isFloodSafe } from "~/domain/flood-readiness";
import { seedBulkSpaces } from "~/seed/bulk-spaces.server";

/**
 * The load seed (`npm run db:seed -- --spaces N`, the search benchmark's listings): its listings carry the
 * generator's readiness facts, and the database's Flood-safe column says of them what the domain's rule says.
 */
describe("seedBulkSpaces", () => {
  it("writes the generated readiness facts, Flood-safe where the rule says so", async () => {
    const { db } = await getDatabase();
    const count = 300;
    const { hostIds } = await seedBulkSpaces(db, { count, seed: 11, hosts: 2 });
    const rows = await db
      .select()
      .from(spaces)
      .where(and(inArray(spaces.hostId, hostIds), eq(spaces.status, "active")));
    expect(rows).toHaveLength(count);
    // A minority, as generated (about one in six).
    const stored = rows.filter((row) => row.floodSafe);
    expect(stored.length).toBeGreaterThan(count * 0.05);
    expect(stored.length).toBeLessThan(count * 0.3);
    for (const row of rows) expect(row.floodSafe).toBe(isFloodSafe(row));
    expect(rows.some((row) => row.floodHistory === "more")).toBe(true);
  });
});
