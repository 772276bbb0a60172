/**
 * Before the e2e server starts, this makes the accounts the tests log in with: fresh users, each with a session row
 * made straight in the database (the Epic Stack's pattern). A test that is not about signing up or logging in then
 * starts logged in without a sign-up, a login, or an argon2id run of its own; one hash serves every user.
 *
 * Run as `node --import tsx tests/e2e/seed-test-users.ts` with the server's environment; it opens the server's
 * database (so the reference and demo data are loaded here, once), writes the accounts to TEST_USERS_FILE and
 * closes the database before the server opens it.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { runBilling } from "~/core/billing.server";
import { applyBookingEvent } from "~/core/booking-service.server";
import { grantOperatorRole } from "~/core/operators.server";
import { markBatchPaid, runPayoutBatch } from "~/core/payout-runs.server";
import { resolutionDecideCommand } from "~/core/resolution-decide.server";
import { closeDatabase, fillWhenEmpty, getDatabase } from "~/db/db.server";
import {
  bills,
  bookings,
  cities,
  contactMessages,
  conversations,
  coupons,
  identityChecks,
  messages,
  payoutBatches,
  payoutMethods,
  payouts,
  resolutions,
  spaces,
  users,
} from "~/db/schema";
import { bookingNumberOf, endInstant } from "~/domain/booking";
import { addDays, addMonths, endDateForMonths, todayInManila } from "~/domain/dates";
import { makeReferralCode } from "~/domain/referral-code";
import { registerQueues, stopJobs } from "~/infra/jobs.server";
import { hashPassword } from "~/infra/password.server";
import { createSession } from "~/infra/session.server";
import { QUEUES } from "~/jobs/queues.server";
import {
  dateBookingLinesAtTheirSteps,
  seedRequestedBooking,
  seedRunningBooking,
} from "~/seed/running-booking.server";
import { seedIfEmpty } from "~/seed/seed.server";
import {
  E2E_COUPON_CODE,
  TEST_BILL_RENTER_COUNT,
  TEST_BUSY_ACCOUNT_COUNT,
  TEST_CLAIM_HOST_COUNT,
  TEST_DEPOSIT_RENTER_COUNT,
  TEST_FINANCE_OPERATOR_COUNT,
  TEST_HOST_COUNT,
  TEST_OPERATOR_COUNT,
  TEST_PAYOUT_HOST_COUNT,
  TEST_REVIEW_PAIR_COUNT,
  TEST_USER_COUNT,
  type TestUser,
  testUsersFile,
} from "./test-users";

const run = randomBytes(3).toString("hex");
const password = `e2e-pass-${run}`;
const passwordHash = await hashPassword(password);
// The fresh database gets the server's first-start data (the demo accounts and listings the specs use).
fillWhenEmpty(seedIfEmpty);
const { db } = await getDatabase();

const accounts = Array.from(
  {
    length:
      TEST_USER_COUNT +
      TEST_HOST_COUNT +
      TEST_BILL_RENTER_COUNT +
      TEST_PAYOUT_HOST_COUNT +
      2 * TEST_REVIEW_PAIR_COUNT +
      2 * TEST_DEPOSIT_RENTER_COUNT +
      2 * TEST_CLAIM_HOST_COUNT +
      TEST_BUSY_ACCOUNT_COUNT +
      1,
  },
  (_, n) => {
    const id = `${run}${n.toString(36)}`;
    // Referral codes must be unique: the number, in the code's own alphabet, stands in for the random tail.
    let rest = n;
    const referralCode = makeReferralCode("Bea", (max) => {
      const digit = rest % max;
      rest = Math.floor(rest / max);
      return digit;
    });
    return {
      firstName: "Bea",
      lastName: "Villanueva",
      nickName: `Bea${id}`,
      email: `bea-${id}@example.ph`,
      phoneNumber: "09171234567",
      interested: "renter" as const,
      dob: "1995-06-15",
      referralCode,
    };
  },
);

const rows = await db
  .insert(users)
  .values(
    accounts.map((account) => ({
      ...account,
      passwordHash,
      typeOfSignup: "email" as const,
      firstLogin: true,
      termsAcceptedAt: new Date(),
    })),
  )
  .returning({ id: users.id, email: users.email });

// One transaction for all the sessions: one commit instead of 800.
const testUsers: TestUser[] = await db.transaction(async (tx) => {
  const made: TestUser[] = [];
  for (const [n, row] of rows.entries()) {
    const setCookie = await createSession(tx, row.id, "e2e fixture");
    made.push({ ...(accounts[n] as (typeof accounts)[number]), id: row.id, password, setCookie });
  }
  return made;
});
// After the renters come TEST_HOST_COUNT hosts, each with an active listing in Angeles, a city no other spec searches
// (its street address is shown only on a confirmed viewing's gate pass and an approved booking).
const [angeles] = await db.select().from(cities).where(eq(cities.slug, "angeles"));
const hosts = testUsers.slice(TEST_USER_COUNT, TEST_USER_COUNT + TEST_HOST_COUNT);
const billRenters = testUsers.slice(
  TEST_USER_COUNT + TEST_HOST_COUNT,
  TEST_USER_COUNT + TEST_HOST_COUNT + TEST_BILL_RENTER_COUNT,
);
const payoutStart = TEST_USER_COUNT + TEST_HOST_COUNT + TEST_BILL_RENTER_COUNT;
const payoutHosts = testUsers.slice(payoutStart, payoutStart + TEST_PAYOUT_HOST_COUNT);
const reviewStart = payoutStart + TEST_PAYOUT_HOST_COUNT;
const reviewPairs = testUsers.slice(reviewStart, reviewStart + 2 * TEST_REVIEW_PAIR_COUNT);
const depositStart = reviewStart + 2 * TEST_REVIEW_PAIR_COUNT;
const depositAccounts = testUsers.slice(depositStart, depositStart + 2 * TEST_DEPOSIT_RENTER_COUNT);
const claimStart = depositStart + 2 * TEST_DEPOSIT_RENTER_COUNT;
const claimHosts = testUsers.slice(claimStart, claimStart + TEST_CLAIM_HOST_COUNT);
const claimRenters = testUsers.slice(claimStart + TEST_CLAIM_HOST_COUNT, -1 - TEST_BUSY_ACCOUNT_COUNT);
const busyAccounts = testUsers.slice(-1 - TEST_BUSY_ACCOUNT_COUNT, -1);
const landlord = testUsers.at(-1) as TestUser;
landlord.landlord = true;
const testListing = (hostId: string, n: number): typeof spaces.$inferInsert => ({
  hostId,
  status: "active" as const,
  storageType: "storage" as const,
  kind: "spareRoom" as const,
  spaceTitle: `Test storage room ${run}-${n}`,
  addressLine1: `${100 + n} Fil-Am Friendship Highway`,
  addressLine2: "Unit B",
  cityId: angeles?.id ?? null,
  barangay: "Anunas",
  province: angeles?.province ?? "Pampanga",
  latitude: 15.1636,
  longitude: 120.5561,
  entireSpace: true,
  unitsAvailable: 1,
  rentalDurations: ["1_month", "3_months"],
  monthlyPrice: 250_000,
  depositRequired: false,
  publishedAt: new Date(),
});
const listings = await db
  .insert(spaces)
  .values(hosts.map((host, n) => testListing(host.id, n)))
  .returning({ id: spaces.id, hostId: spaces.hostId, spaceTitle: spaces.spaceTitle });
for (const host of hosts) {
  const listing = listings.find((row) => row.hostId === host.id);
  if (listing) host.listing = { id: listing.id, title: listing.spaceTitle ?? "" };
}
// Each bill renter rents one of the landlord's rooms for 3 months from 26 days ago, through the real booking service;
// the billing run then issues the second month's bill (due in 4 or 5 days), as the daily job would.
registerQueues(QUEUES);
const rooms = await db
  .insert(spaces)
  .values(billRenters.map((_, n) => testListing(landlord.id, TEST_HOST_COUNT + n)))
  .returning({ id: spaces.id, spaceTitle: spaces.spaceTitle });
const startDate = addDays(todayInManila(), -26);
const bookingIds = [];
for (const [n, renter] of billRenters.entries()) {
  const room = rooms[n] as (typeof rooms)[number];
  bookingIds.push(
    await seedRunningBooking(db, { spaceId: room.id, renterId: renter.id, startDate, duration: "3_months" }),
  );
}
// Each busy account rents one of the landlord's rooms from 26 days ago too: the same run bills its second month.
const busyRunning: string[] = [];
for (const [n, account] of busyAccounts.entries()) {
  const [room] = await db
    .insert(spaces)
    .values(testListing(landlord.id, 400 + n))
    .returning({ id: spaces.id });
  if (!room) throw new Error("the busy account's rented room was not made");
  busyRunning.push(
    await seedRunningBooking(db, { spaceId: room.id, renterId: account.id, startDate, duration: "3_months" }),
  );
}
await runBilling(db);
for (const [n, renter] of billRenters.entries()) {
  const [bill] = await db
    .select()
    .from(bills)
    .where(eq(bills.bookingId, bookingIds[n] as string));
  if (!bill) throw new Error("the seeded booking's second month was not billed");
  renter.bill = {
    billId: bill.id,
    bookingId: bill.bookingId,
    spaceTitle: rooms[n]?.spaceTitle ?? "",
    total: bill.total,
  };
}
// The finance operators' open batches, made before this week's: each past week's run pays one host of its own (a room
// rented from 60 days ago, a GCash number), and nobody marks them paid (the operations-money spec does, in the console).
const financeStart = TEST_OPERATOR_COUNT;
const financeOperators = testUsers.slice(financeStart, financeStart + TEST_FINANCE_OPERATOR_COUNT);
const financeHosts = testUsers.slice(
  financeStart + TEST_FINANCE_OPERATOR_COUNT,
  financeStart + 2 * TEST_FINANCE_OPERATOR_COUNT,
);
for (const [n, operator] of financeOperators.entries()) {
  const host = financeHosts[n] as TestUser;
  host.financeHost = true;
  const [room] = await db
    .insert(spaces)
    .values(testListing(host.id, 300 + n))
    .returning({ id: spaces.id });
  if (!room) throw new Error("the finance host's room was not made");
  const bookingId = await seedRunningBooking(db, {
    spaceId: room.id,
    renterId: landlord.id,
    startDate: addDays(todayInManila(), -60),
    duration: "3_months",
  });
  const [booked] = await db
    .select({ number: bookings.number })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booked) throw new Error("the finance host's booking was not made");
  await db.insert(payoutMethods).values({
    userId: host.id,
    method: "gcash",
    accountName: "Bea Villanueva",
    accountNumber: "09171234567",
  });
  // One week apart, all within the 58 days since the first month's rent was released: every batch pays this host.
  const weeksAgo = TEST_FINANCE_OPERATOR_COUNT + 2 - n;
  const made = await runPayoutBatch(db, new Date(Date.now() - weeksAgo * 7 * 86_400_000));
  const [batch] = made.batchId
    ? await db.select().from(payoutBatches).where(eq(payoutBatches.id, made.batchId))
    : [];
  if (!batch) throw new Error("the finance operator's batch was not made");
  await grantOperatorRole(db, operator.email, "finance");
  operator.operatorRole = "finance";
  operator.financeBatch = { weekOf: batch.weekOf, bookingNumber: bookingNumberOf(booked.number) };
}
// Each payout host's room is rented by the landlord from 40 days ago through the real booking service; the host has a
// GCash number, and the weekly run (rent released 48 hours after the month started, then this week's batch) pays the
// first month out, which the operators mark paid with a reference, as `npm run ops -- payouts:mark-paid` does.
const payoutRooms = await db
  .insert(spaces)
  .values(payoutHosts.map((host, n) => testListing(host.id, TEST_HOST_COUNT + TEST_BILL_RENTER_COUNT + n)))
  .returning({ id: spaces.id, hostId: spaces.hostId, spaceTitle: spaces.spaceTitle });
for (const room of payoutRooms) {
  await seedRunningBooking(db, {
    spaceId: room.id,
    renterId: landlord.id,
    startDate: addDays(todayInManila(), -40),
    duration: "3_months",
  });
  await db.insert(payoutMethods).values({
    userId: room.hostId,
    method: "gcash",
    accountName: "Bea Villanueva",
    accountNumber: "09171234567",
  });
}
const batch = await runPayoutBatch(db);
if (batch.batchId) {
  const reference = `E2E-${run}`;
  await markBatchPaid(db, batch.batchId, reference);
  for (const host of payoutHosts) {
    const [payout] = await db.select().from(payouts).where(eq(payouts.hostId, host.id));
    const room = payoutRooms.find((row) => row.hostId === host.id);
    if (payout && room) host.payout = { spaceTitle: room.spaceTitle ?? "", amount: payout.amount, reference };
  }
}
// Each review pair: the renter booked the host's room for a month from 40 days ago, through the real booking service,
// and the booking ended at the end of its last day (about 10 days ago), as the deadline job would end it.
for (let n = 0; n < TEST_REVIEW_PAIR_COUNT; n++) {
  const host = reviewPairs[2 * n] as TestUser;
  const renter = reviewPairs[2 * n + 1] as TestUser;
  const [room] = await db
    .insert(spaces)
    .values(testListing(host.id, TEST_HOST_COUNT + TEST_BILL_RENTER_COUNT + TEST_PAYOUT_HOST_COUNT + n))
    .returning({ id: spaces.id, spaceTitle: spaces.spaceTitle });
  if (!room) throw new Error("the review pair's room was not made");
  const bookingId = await seedRunningBooking(db, {
    spaceId: room.id,
    renterId: renter.id,
    startDate: addDays(todayInManila(), -40),
    duration: "1_month",
  });
  const [booked] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booked) throw new Error("the review pair's booking was not made");
  await applyBookingEvent(db, bookingId, { type: "end", actor: "system" }, { at: endInstant(booked) });
  renter.reviewRenter = true;
  host.review = {
    bookingId,
    spaceId: room.id,
    spaceTitle: room.spaceTitle ?? "",
    renterName: renter.nickName,
    renterSetCookie: renter.setCookie,
  };
}
// Each claim host's room (with a deposit) was rented by a renter of its own for 3 months ending yesterday, through
// the real booking service, and the booking has ended: the host is within the 72 hours to claim on the deposit.
const claimRooms = await db
  .insert(spaces)
  .values(
    claimHosts.map((host, n) => ({
      ...testListing(host.id, 100 + n),
      depositRequired: true,
    })),
  )
  .returning({ id: spaces.id, hostId: spaces.hostId, spaceTitle: spaces.spaceTitle });
const yesterday = addDays(todayInManila(), -1);
let claimFrom = addDays(yesterday, -95);
while (endDateForMonths(claimFrom, 3) < yesterday) claimFrom = addDays(claimFrom, 1);
for (const [n, host] of claimHosts.entries()) {
  const room = claimRooms.find((row) => row.hostId === host.id);
  const renter = claimRenters[n] as TestUser;
  if (!room) continue;
  const bookingId = await seedRunningBooking(db, {
    spaceId: room.id,
    renterId: renter.id,
    startDate: claimFrom,
    duration: "3_months",
  });
  const { row } = await applyBookingEvent(
    db,
    bookingId,
    { type: "end", actor: "system" },
    { at: endInstant({ endDate: endDateForMonths(claimFrom, 3) }) },
  );
  if (row.state !== "completed") throw new Error("the claim host's booking did not end");
  // An earlier claim of the host's on it, decided by an operator with the command (the e2e server's embedded
  // database is open in the server alone, so the e2e spec cannot run it).
  const [decided] = await db
    .insert(resolutions)
    .values({
      bookingId,
      openedBy: host.id,
      reason: "damage",
      amountAsked: 150_000,
      description: "The padlock was cut and had to be replaced.",
    })
    .returning({ id: resolutions.id });
  await resolutionDecideCommand(db, [
    decided?.id ?? "",
    "--award",
    "100000",
    "--note",
    "The padlock was replaced at the host's cost.",
  ]);
  renter.claimRenter = true;
  host.claim = {
    bookingId,
    decidedCaseId: decided?.id ?? "",
    spaceTitle: room.spaceTitle ?? "",
    renterName: renter.nickName,
    renterSetCookie: renter.setCookie,
  };
}
// Each deposit renter rents two storage rooms (with a deposit) of its own host through the real booking service: one
// from 5 days ago (running: the move-in report), one for 3 months that ended yesterday or the day before (completed,
// its host's 72 hours still running: the move-out checklist). The deposits stay held until the e2e spec settles one.
for (let pair = 0; pair < TEST_DEPOSIT_RENTER_COUNT; pair++) {
  const renter = depositAccounts[2 * pair] as TestUser;
  const host = depositAccounts[2 * pair + 1] as TestUser;
  host.depositHost = true;
  const rooms = await db
    .insert(spaces)
    .values([0, 1].map((n) => ({ ...testListing(host.id, 200 + 2 * pair + n), depositRequired: true })))
    .returning({ id: spaces.id });
  const today = todayInManila();
  let endedStart = addMonths(today, -3);
  while (endDateForMonths(endedStart, 3) > addDays(today, -1)) endedStart = addDays(endedStart, -1);
  const running = await seedRunningBooking(db, {
    spaceId: rooms[0]?.id as string,
    renterId: renter.id,
    startDate: addDays(today, -5),
    duration: "3_months",
  });
  const ended = await seedRunningBooking(db, {
    spaceId: rooms[1]?.id as string,
    renterId: renter.id,
    startDate: endedStart,
    duration: "3_months",
  });
  const [endedRow] = await db.select().from(bookings).where(eq(bookings.id, ended));
  if (!endedRow) throw new Error("the ended booking was not seeded");
  await applyBookingEvent(db, ended, { type: "end", actor: "system" }, { at: endInstant(endedRow) });
  renter.deposit = { runningBookingId: running, endedBookingId: ended, hostSetCookie: host.setCookie };
}
// Each busy account (the screenshots spec's) is renter and host at once, as a person who uses the app a lot: besides
// the running booking billed above, its own request for another of the landlord's rooms waits for the host's answer
// (its receipt numbered), a month's stay ended about 10 days ago, the landlord asks to rent one of its two listings
// and rents the other from 10 days ago, and the landlord wrote twice about the running booking since it last read.
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const busyBookings: string[] = [];
for (const [n, account] of busyAccounts.entries()) {
  const made = await db
    .insert(spaces)
    .values([
      testListing(landlord.id, 410 + 4 * n),
      testListing(landlord.id, 411 + 4 * n),
      testListing(account.id, 412 + 4 * n),
      testListing(account.id, 413 + 4 * n),
    ])
    .returning({ id: spaces.id });
  const [wanted, stayed, asked, rented] = made.map((room) => room.id);
  if (!wanted || !stayed || !asked || !rented) throw new Error("the busy account's rooms were not made");
  const today = todayInManila();
  const request = await seedRequestedBooking(db, {
    spaceId: wanted,
    renterId: account.id,
    startDate: addDays(today, 10),
    duration: "1_month",
  });
  const ended = await seedRunningBooking(db, {
    spaceId: stayed,
    renterId: account.id,
    startDate: addDays(today, -40),
    duration: "1_month",
  });
  const [endedRow] = await db.select().from(bookings).where(eq(bookings.id, ended));
  if (!endedRow) throw new Error("the busy account's ended booking was not made");
  await applyBookingEvent(db, ended, { type: "end", actor: "system" }, { at: endInstant(endedRow) });
  const hostRequest = await seedRequestedBooking(db, {
    spaceId: asked,
    renterId: landlord.id,
    startDate: addDays(today, 7),
    duration: "3_months",
  });
  const rentedOut = await seedRunningBooking(db, {
    spaceId: rented,
    renterId: landlord.id,
    startDate: addDays(today, -10),
    duration: "1_month",
  });
  busyBookings.push(busyRunning[n] as string, request.bookingId, ended, hostRequest.bookingId, rentedOut);
  account.busy = {
    requestId: request.bookingId,
    receiptId: request.paymentId,
    runningBookingId: busyRunning[n] as string,
    hostRequestId: hostRequest.bookingId,
    conversationId: "",
  };
}
// Their bookings' lines in the conversations say when each step happened, not when the seed ran; the landlord's two
// messages then come after them, in time as in order.
await dateBookingLinesAtTheirSteps(db, busyBookings);
for (const [n, account] of busyAccounts.entries()) {
  const running = busyRunning[n] as string;
  const [runningRow] = await db.select().from(bookings).where(eq(bookings.id, running));
  if (!runningRow || !account.busy) throw new Error("the busy account's running booking was not made");
  const about = { spaceId: runningRow.spaceId, renterId: account.id };
  await db
    .insert(conversations)
    .values({ ...about, hostId: landlord.id })
    .onConflictDoNothing({ target: [conversations.spaceId, conversations.renterId] });
  const [conversation] = await db
    .update(conversations)
    .set({ renterReadAt: hoursAgo(2.5), hostReadAt: hoursAgo(1), lastMessageAt: hoursAgo(1) })
    .where(and(eq(conversations.spaceId, about.spaceId), eq(conversations.renterId, about.renterId)))
    .returning({ id: conversations.id });
  if (!conversation) throw new Error("the busy account's conversation was not made");
  await db.insert(messages).values(
    [
      {
        senderId: account.id,
        body: "Hi! Can I bring two more boxes on Saturday morning?",
        createdAt: hoursAgo(3),
      },
      {
        senderId: landlord.id,
        body: "Yes, Saturday works. The guard has your name.",
        createdAt: hoursAgo(2),
      },
      { senderId: landlord.id, body: "Please bring an ID for the logbook.", createdAt: hoursAgo(1) },
    ].map((message) => ({ ...message, conversationId: conversation.id, bookingId: running })),
  );
  account.busy.conversationId = conversation.id;
}
// The coupon the vouchers spec applies at checkout: ₱500.00 off, valid for a year, no total limit.
await db
  .insert(coupons)
  .values({
    code: E2E_COUPON_CODE,
    kind: "fixed",
    value: 50_000,
    validFrom: addDays(todayInManila(), -1),
    validUntil: addDays(todayInManila(), 365),
  })
  .onConflictDoNothing();
// The operations spec's operators: plain accounts granted the trust role by the command's own service.
for (const operator of testUsers.slice(0, TEST_OPERATOR_COUNT)) {
  await grantOperatorRole(db, operator.email, "trust");
  operator.operatorRole = "trust";
  // The trust queues spec's state: each operator account's identity check waits for review (another operator
  // approves it) and it wrote to support once (the operator who claims it answers it).
  await db.insert(identityChecks).values({
    userId: operator.id,
    provider: "persona",
    reference: `e2e-${operator.id}`,
    providerCheckId: `inq_e2e${operator.id.slice(0, 8)}`,
    status: "review",
  });
  await db.update(users).set({ identityStatus: "review" }).where(eq(users.id, operator.id));
  await db.insert(contactMessages).values({
    name: operator.firstName,
    email: operator.email,
    topic: "booking",
    message: `Can I keep my boxes one more month? (${operator.email})`,
  });
}
await stopJobs();
writeFileSync(testUsersFile(), JSON.stringify(testUsers));
await closeDatabase({ forGood: true });
console.info(`[e2e] ${testUsers.length} test users ready`);
