import { afterEach, describe, expect, it } from "vitest";
import { METRICS_NOT_YOURS } from "~/api/space/host-metrics.server";
import { checkLedger } from "~/core/ledger.server";
import { markBatchPaid, releaseEarnings, runPayoutBatch } from "~/core/payout-runs.server";
import { getDatabase } from "~/db/db.server";
import { payableAt } from "~/domain/payouts";
import {
  aHostAndARenter,
  anActiveBooking,
  anApprovedBooking,
  book,
  createListing,
  pay,
  start,
} from "./booking-fixtures";
import { call, expectStatus, loggedInUser } from "./helpers";

/**
 * A host's dashboard (docs/product.md, Calls: getMyRentalsMetrics, getMyTenantsMetrics, getPaymentsMetrics): only the
 * owner reads theirs; requests by outcome, tenants, and money per bar follow the bookings, the released rent and the
 * payouts.
 */

afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

const PATHS = ["/space/getMyRentalsMetrics", "/space/getMyTenantsMetrics", "/space/getPaymentsMetrics"];

type Series = Record<string, number[]>;
const metrics = <T>(path: string, cookie: string, ownerId: string, duration = "30_days") =>
  call<T & { duration: string; buckets: { label: string }[]; series: Series }>(
    "GET",
    `${path}?ownerId=${ownerId}&duration=${duration}`,
    { cookie },
  );
const last = (values: number[] | undefined) => values?.at(-1);

describe("who may read a host's metrics", () => {
  it("only the owner: anyone else gets 403, no session 401, a duration not offered 400", async () => {
    const host = await loggedInUser();
    const stranger = await loggedInUser();
    for (const path of PATHS) {
      expectStatus(await metrics(path, host.cookie, host.user.id), 200);
      expectStatus(await metrics(path, stranger.cookie, host.user.id), 403, METRICS_NOT_YOURS);
      expectStatus(await call("GET", `${path}?ownerId=${host.user.id}`), 401);
      expectStatus(await metrics(path, host.cookie, host.user.id, "7_days"), 400);
      const answer = await metrics(path, host.cookie, host.user.id, "12_months");
      expect(answer.body.result.buckets).toHaveLength(12);
    }
  });
});

describe("what the dashboard counts", () => {
  it("requests by state and outcome, and current and repeat tenants", async () => {
    const parties = await aHostAndARenter({ rentalDurations: ["1_month", "3_months"] });
    const empty = await metrics<{ requests: number }>(
      PATHS[0] as string,
      parties.host.cookie,
      parties.host.user.id,
    );
    expect(empty.body.result).toMatchObject({ requests: 0, byState: {} });

    await anApprovedBooking(parties);
    // A request the host has not answered yet, for a second room of the same host, by the same renter.
    const second = await createListing(parties.host.user.id, { rentalDurations: ["1_month", "3_months"] });
    const open = await book(parties.renter.cookie, { spaceId: second.id });
    await pay(open.body.result.bookingId, open.body.result.price.due);

    const rentals = await metrics<{ requests: number; byState: Record<string, number> }>(
      PATHS[0] as string,
      parties.host.cookie,
      parties.host.user.id,
    );
    expect(rentals.body.result).toMatchObject({ requests: 2, byState: { approved: 1, requested: 1 } });
    expect(last(rentals.body.result.series.accepted)).toBe(1);
    expect(last(rentals.body.result.series.open)).toBe(1);

    const tenants = await metrics<{ tenants: number; current: number; past: number; repeat: number }>(
      PATHS[1] as string,
      parties.host.cookie,
      parties.host.user.id,
    );
    expect(tenants.body.result).toMatchObject({ tenants: 1, current: 1, past: 0, repeat: 0 });
    await call("POST", "/reserve/approveBooking", {
      cookie: parties.host.cookie,
      body: {
        bookingId: open.body.result.bookingId,
        ownerId: parties.host.user.id,
        autoAcceptExtension: false,
        type: "storage",
      },
    });
    const again = await metrics<{ repeat: number }>(
      PATHS[1] as string,
      parties.host.cookie,
      parties.host.user.id,
    );
    expect(again.body.result).toMatchObject({ tenants: 1, current: 1, repeat: 1 });
    // The renter's own dashboard has none of this.
    const renters = await metrics<{ requests: number }>(
      PATHS[0] as string,
      parties.renter.cookie,
      parties.renter.user.id,
    );
    expect(renters.body.result.requests).toBe(0);
  });

  it("money: rent earned once released, payable until paid out, then paid out", async () => {
    const { booking, host } = await anActiveBooking();
    const { db } = await getDatabase();
    const rent = booking.firstMonthPrice - booking.firstMonthDiscount;
    const read = () =>
      metrics<{ earned: number; paidOut: number; refunds: number; payable: number }>(
        PATHS[2] as string,
        host.cookie,
        host.user.id,
      );
    expect((await read()).body.result).toMatchObject({ earned: 0, payable: 0, paidOut: 0 });

    const payable = payableAt(start);
    await releaseEarnings(db, payable);
    const released = (await read()).body.result;
    expect(released).toMatchObject({ earned: rent, payable: rent, paidOut: 0, refunds: 0 });
    expect(last(released.series.earned)).toBe(rent);

    await call("POST", "/payment/payoutSettings", {
      cookie: host.cookie,
      body: { method: "gcash", accountName: "Bea Villanueva", accountNumber: "09171234567" },
    });
    const monday = new Date(payable.getTime() + 8 * 24 * 3_600_000);
    const batch = await runPayoutBatch(db, monday);
    await markBatchPaid(db, batch.batchId as string, "GC-2026-0001", monday);
    const paid = (await read()).body.result;
    expect(paid).toMatchObject({ earned: rent, payable: 0, paidOut: rent });
    expect(last(paid.series.paidOut)).toBe(paid.paidOut);
  });
});
