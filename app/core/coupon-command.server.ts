import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { type Actor, COMMAND_LINE, writeAudit } from "~/core/audit.server";
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/client.server";
import { type CouponRow, coupons } from "~/db/schema";
import { addDays, isValidDate, todayInManila } from "~/domain/dates";
import { DomainError } from "~/domain/errors";
import { parsePeso } from "~/domain/money";
import {
  type CouponTerms,
  checkCouponTerms,
  describeCoupon,
  MAX_CODE_LENGTH,
  normalizeCode,
  VOUCHER_CODE_PREFIX,
} from "~/domain/vouchers";

/**
 * `npm run ops -- coupon:create`: an operator creates a coupon (ADR 0030). The flags are read here, so the command
 * is tested without a shell:
 *
 *   coupon:create --code WELCOME100 (--amount 100.00 | --percent 10) --until 2026-12-31 [--from 2026-12-01]
 *                 [--limit 500]
 *
 * --amount is pesos off; --percent is off the first month's price; --from defaults to today (Manila); --limit is the
 * total number of bookings that may use it (none: no limit). Each account uses a coupon once.
 */

export const COUPON_CREATE_USAGE =
  "usage: npm run ops -- coupon:create --code CODE (--amount PESOS | --percent N) --until YYYY-MM-DD [--from YYYY-MM-DD] [--limit N]";

const CODE = /^[A-Z0-9][A-Z0-9_-]*$/;

/** The coupon the flags describe, or a DomainError naming what is wrong with them. */
export function couponFromFlags(args: string[], now = new Date()): CouponTerms & { code: string } {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        code: { type: "string" },
        amount: { type: "string" },
        percent: { type: "string" },
        from: { type: "string" },
        until: { type: "string" },
        limit: { type: "string" },
      },
    }));
  } catch (error) {
    throw new DomainError("invalid", `${(error as Error).message}\n${COUPON_CREATE_USAGE}`);
  }
  const code = normalizeCode(values.code ?? "");
  if (!CODE.test(code) || code.length > MAX_CODE_LENGTH)
    throw new DomainError("invalid", `--code: letters, digits, - and _, at most ${MAX_CODE_LENGTH}.`, "code");
  if (code.startsWith(VOUCHER_CODE_PREFIX))
    throw new DomainError("invalid", `--code: ${VOUCHER_CODE_PREFIX} starts referral voucher codes.`, "code");
  if ((values.amount === undefined) === (values.percent === undefined))
    throw new DomainError(
      "invalid",
      "Give one of --amount (pesos) or --percent (of the first month).",
      "value",
    );
  let value: number | null;
  if (values.amount !== undefined) value = parsePeso(values.amount);
  else value = /^\d+$/.test(values.percent ?? "") ? Number(values.percent) : null;
  if (value === null)
    throw new DomainError("invalid", "--amount is pesos such as 250.00; --percent a whole number.", "value");
  const validFrom = values.from ?? todayInManila(now);
  const validUntil = values.until ?? "";
  if (!isValidDate(validFrom)) throw new DomainError("invalid", "--from is a date, YYYY-MM-DD.", "validFrom");
  if (!isValidDate(validUntil))
    throw new DomainError("invalid", "--until is a date, YYYY-MM-DD.", "validUntil");
  let totalLimit: number | null = null;
  if (values.limit !== undefined) {
    if (!/^\d+$/.test(values.limit))
      throw new DomainError("invalid", "--limit is a whole number.", "totalLimit");
    totalLimit = Number(values.limit);
  }
  const terms: CouponTerms = {
    kind: values.amount !== undefined ? "fixed" : "percent",
    value,
    validFrom,
    validUntil,
    totalLimit,
  };
  checkCouponTerms(terms);
  return { ...terms, code };
}

/**
 * Creates the coupon the flags describe; answers the line the command prints. The console and the command alike
 * leave their audit row in the coupon's transaction (docs/operations.md).
 */
export async function createCouponCommand(
  db: Database,
  args: string[],
  now = new Date(),
  by: { actor: Actor; note: string | null } = { actor: COMMAND_LINE, note: null },
): Promise<string> {
  const terms = couponFromFlags(args, now);
  let row: CouponRow | undefined;
  try {
    row = await db.transaction(async (tx) => {
      const [made] = await tx.insert(coupons).values(terms).returning();
      if (!made) throw new Error("the coupon was not saved");
      await writeAudit(tx, by.actor, {
        action: "coupon.create",
        recordType: "coupon",
        recordId: made.id,
        after: terms,
        note: by.note,
      });
      return made;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DomainError("conflict", `A coupon with the code ${terms.code} already exists.`, "code");
    throw error;
  }
  const limit = row.totalLimit === null ? "no total limit" : `at most ${row.totalLimit} uses`;
  return `coupon ${row.code}: ${describeCoupon(row)}, ${row.validFrom} to ${row.validUntil}, ${limit}, once per account`;
}

export const COUPON_NOT_FOUND = "No coupon has that id.";
export const COUPON_ALREADY_ENDED = "This coupon has already ended.";

/**
 * Ends a coupon today: its last valid day becomes yesterday (Manila), so no new booking takes it; bookings that used
 * it keep their discount. One that had not started yet never starts. Audited in the same transaction.
 */
export async function endCoupon(
  db: Database,
  actor: Actor,
  couponId: string,
  note: string,
  now = new Date(),
): Promise<CouponRow> {
  const yesterday = addDays(todayInManila(now), -1);
  return db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for("update");
    if (!coupon) throw new DomainError("not_found", COUPON_NOT_FOUND);
    if (coupon.validUntil <= yesterday) throw new DomainError("conflict", COUPON_ALREADY_ENDED);
    // Calendar dates (YYYY-MM-DD) sort as text: a coupon not started yet starts and ends yesterday, so never runs.
    const [validFrom] = [coupon.validFrom, yesterday].sort();
    const [ended] = await tx
      .update(coupons)
      .set({ validFrom, validUntil: yesterday })
      .where(eq(coupons.id, couponId))
      .returning();
    if (!ended) throw new Error("the coupon was not ended");
    await writeAudit(tx, actor, {
      action: "coupon.end",
      recordType: "coupon",
      recordId: coupon.id,
      before: { validFrom: coupon.validFrom, validUntil: coupon.validUntil },
      after: { validFrom: ended.validFrom, validUntil: ended.validUntil },
      note,
    });
    return ended;
  });
}
