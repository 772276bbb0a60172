import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { settleDecidedResolution } from "~/core/deposits.server";
import type { Database } from "~/db/client.server";
import { bookings, type ResolutionRow, resolutions } from "~/db/schema";
import { roleOf } from "~/domain/booking";
import { DomainError } from "~/domain/errors";
import { isUuid } from "~/domain/ids";
import { formatPeso } from "~/domain/money";
import { awardableOn, type CaseSide, checkDecision, maxAward } from "~/domain/resolution";
import { type Actor, COMMAND_LINE, writeAudit } from "./audit.server";
import { bookingTransaction } from "./booking-service.server";
import { tellCaseNews } from "./resolution-service.server";

/**
 * `npm run ops -- resolution:decide CASE --award CENTAVOS --note "…"`: an operator decides a case (docs/product.md,
 * Resolution center: the part awarded goes to the opener — the host's claim out of the deposit — the rest back where it
 * came from). In one transaction: the case is checked (open or answered, an award from zero to what was asked within
 * what the booking can give), marked decided with its award and note, and its money moved; then both sides are told
 * (the bell, mail and SMS by their settings, and a line in the booking's conversation). The flags are read here, so the
 * command is tested without a shell.
 */

export const RESOLUTION_DECIDE_USAGE =
  'usage: npm run ops -- resolution:decide CASE --award CENTAVOS --note "why"';
export const NO_SUCH_CASE = "No resolution case has that id.";

export type Decision = { resolutionId: string; award: number; note: string };

/** The decision the arguments describe, or a DomainError naming what is wrong with them. */
export function decisionFromArgs(args: string[]): Decision {
  let parsed: { values: Record<string, string | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { award: { type: "string" }, note: { type: "string" } },
    });
  } catch (error) {
    throw new DomainError("invalid", `${(error as Error).message}\n${RESOLUTION_DECIDE_USAGE}`);
  }
  const [resolutionId, ...extra] = parsed.positionals;
  if (!resolutionId || extra.length > 0)
    throw new DomainError("invalid", `Name one case.\n${RESOLUTION_DECIDE_USAGE}`, "resolutionId");
  const award = parsed.values.award ?? "";
  if (!/^\d+$/.test(award))
    throw new DomainError(
      "invalid",
      "--award is whole centavos, zero or more (₱1,500.00 is 150000).",
      "award",
    );
  const note = (parsed.values.note ?? "").trim();
  if (!note) throw new DomainError("invalid", "--note says why, in words both sides will read.", "note");
  return { resolutionId, award: Number(award), note };
}

/** Decides a case: checked, marked decided and its money moved in one transaction; then both sides are told. */
export async function decideResolution(
  db: Database,
  decision: Decision,
  now = new Date(),
  actor: Actor = COMMAND_LINE,
): Promise<{ resolution: ResolutionRow; openerSide: CaseSide; maxAward: number }> {
  if (!isUuid(decision.resolutionId)) throw new DomainError("invalid", NO_SUCH_CASE, "resolutionId");
  const done = await bookingTransaction(db, async (tx) => {
    const [resolution] = await tx
      .select()
      .from(resolutions)
      .where(eq(resolutions.id, decision.resolutionId))
      .for("update");
    if (!resolution) throw new DomainError("invalid", NO_SUCH_CASE, "resolutionId");
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, resolution.bookingId))
      .for("update");
    if (!booking) throw new DomainError("invalid", NO_SUCH_CASE, "resolutionId");
    const openerSide = roleOf(booking, resolution.openedBy) as CaseSide;
    const most = maxAward(resolution.amountAsked, awardableOn(booking, openerSide));
    const state = checkDecision(resolution.state, decision.award, most);
    const [decided] = await tx
      .update(resolutions)
      .set({ state, award: decision.award, decisionNote: decision.note, decidedAt: now, updatedAt: now })
      .where(eq(resolutions.id, resolution.id))
      .returning();
    if (!decided) throw new Error("the decision was not stored");
    // The award moves in the same transaction, so a case is never decided without its money (nor the other way).
    await settleDecidedResolution(tx, decided, now);
    // The console and the command alike leave their audit row in the decision's transaction (docs/operations.md).
    await writeAudit(tx, actor, {
      action: "resolution.decide",
      recordType: "resolution",
      recordId: decided.id,
      before: { state: resolution.state, amountAsked: resolution.amountAsked },
      after: { state: decided.state, award: decided.award },
      note: decision.note,
    });
    return { resolution: decided, openerSide, maxAward: most };
  });
  await tellCaseNews(db, done.resolution.id, "decided", null);
  return done;
}

/** The command as the shell runs it: answers the line the operator reads. */
export async function resolutionDecideCommand(db: Database, args: string[]): Promise<string> {
  const { resolution, openerSide } = await decideResolution(db, decisionFromArgs(args));
  return `case ${resolution.id} decided: ${formatPeso(resolution.award ?? 0)} awarded to the ${openerSide} (asked ${formatPeso(resolution.amountAsked)}); both sides told`;
}
