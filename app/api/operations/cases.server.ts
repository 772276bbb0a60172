import { desc, inArray } from "drizzle-orm";
import { z } from "zod/v4";
import { decideResolution } from "~/core/resolution-decide.server";
import { resolutions } from "~/db/schema";
import { defineEndpoint } from "../endpoint";
import { actorOf, consoleGate, operatorNote } from "./gate.server";

/**
 * The resolution cases queue (docs/operations.md): the open and answered cases, and deciding one through the same
 * service as `npm run ops -- resolution:decide` (the award moves and the audit row is written in its transaction).
 */

export type ConsoleCase = {
  id: string;
  bookingId: string;
  reason: string;
  state: string;
  amountAsked: number;
  description: string;
  createdAt: string;
};

const CASES = { method: "GET", path: "/operations/cases" } as const;
export const consoleCases = defineEndpoint({
  ...CASES,
  auth: "optional",
  unlisted: true,
  answers: [404],
  summary: "Resolution cases waiting for a decision (open or answered), oldest first.",
  gate: consoleGate(CASES, "read"),
  async handler({ db }): Promise<ConsoleCase[]> {
    const rows = await db
      .select()
      .from(resolutions)
      .where(inArray(resolutions.state, ["open", "answered"]))
      .orderBy(desc(resolutions.createdAt))
      .limit(50);
    return rows.map((row) => ({
      id: row.id,
      bookingId: row.bookingId,
      reason: row.reason,
      state: row.state,
      amountAsked: row.amountAsked,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
    }));
  },
});

const DECIDE = { method: "POST", path: "/operations/decideCase" } as const;
export const consoleDecideCase = defineEndpoint({
  ...DECIDE,
  auth: "optional",
  unlisted: true,
  answers: [404, 409],
  summary:
    "Decides a resolution case: the award (centavos) goes to its opener, the rest back; both sides are told.",
  message: "The case is decided.",
  gate: consoleGate(DECIDE, "moderate"),
  body: z.strictObject({
    resolutionId: z.uuid("Invalid case id."),
    award: z.coerce
      .number({ error: "The award must be a whole number of centavos." })
      .int({ error: "The award must be a whole number of centavos." })
      .min(0, { error: "The award cannot be negative." }),
    note: operatorNote,
  }),
  async handler({ db, user, body }) {
    await decideResolution(db, body, new Date(), actorOf(user));
    return null;
  },
});

export const endpoints = [consoleCases, consoleDecideCase];
