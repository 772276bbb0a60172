import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The accounts seed-test-users.ts makes before the e2e server starts, and how a test claims one. Each test claims
 * its own (a folder made atomically per account), so parallel workers never share an account.
 */
export const TEST_USER_COUNT = 800;
/** Hosts: more accounts, each with one active storage listing of its own (conversations and viewings need one). */
export const TEST_HOST_COUNT = 60;
/**
 * Renters with a booking that started 26 days ago and its second month's bill issued (the Bills spec, three per
 * project: two pay, one gives notice; the phone-screens spec, one per project).
 */
export const TEST_BILL_RENTER_COUNT = 8;
/**
 * Hosts whose space was rented from 40 days ago, with a payout method and their first month paid out (the Payouts,
 * Dashboard and phone-screens specs, one each per project).
 */
export const TEST_PAYOUT_HOST_COUNT = 6;
/**
 * Hosts whose space a renter booked for a month from 40 days ago, completed about 10 days ago: both may review it
 * (the reviews spec). Each host carries its renter's session; the renters are never claimed on their own.
 */
export const TEST_REVIEW_PAIR_COUNT = 4;
/**
 * Renters with two bookings of one host's spaces, each with a deposit held: one running (for the move-in report) and
 * one that ended yesterday (for the move-out checklist). One per test and project (the deposits spec, three tests; the
 * booking-chooser spec's choice between the two; the sweep of every page, one for the renter's side and one for the
 * host's); their hosts are never claimed on their own.
 */
export const TEST_DEPOSIT_RENTER_COUNT = 12;
/**
 * Hosts whose space (with a deposit) was rented by a renter of its own for 3 months ending yesterday, the booking
 * ended: a deposit claim may be opened on it (the Resolutions spec, one per project, with spares), and their only
 * booking is the one a bare booking page opens (the booking-chooser spec, one per project).
 */
export const TEST_CLAIM_HOST_COUNT = 6;
/**
 * Plain accounts made operators of the console (role trust) before the server starts: the operations specs'. Each
 * one's identity check waits for review and it wrote one contact-us message (the trust queues spec).
 */
export const TEST_OPERATOR_COUNT = 14;
/**
 * Plain accounts made finance operators, each with an open payout batch of a past week to export and mark paid (the
 * operations-money, operations-health and operations-refunds specs', one each per project); taken after the trust operators, followed by
 * the batches' hosts.
 */
export const TEST_FINANCE_OPERATOR_COUNT = 6;
/**
 * Busy accounts, renter and host at once (the screenshots spec, one per project): bookings in several states, a
 * bill to pay, a receipt, unread messages, and listings with a request to answer and a tenant.
 */
export const TEST_BUSY_ACCOUNT_COUNT = 2;
/** A coupon made before the server starts: ₱500.00 off a booking (the vouchers spec). */
export const E2E_COUPON_CODE = "E2E-WELCOME500";

export type TestUser = {
  id: string;
  firstName: string;
  lastName: string;
  nickName: string;
  email: string;
  phoneNumber: string;
  interested: "renter";
  dob: string;
  referralCode: string;
  password: string;
  /** The Set-Cookie header of the account's session. */
  setCookie: string;
  /** An operator's console role (granted with the operator:grant service; they enrol in the browser). */
  operatorRole?: string;
  /** A host's listing: its id and title. */
  listing?: { id: string; title: string };
  /** A bill renter's open bill: its id, its booking, the space and the amount. */
  bill?: { billId: string; bookingId: string; spaceTitle: string; total: number };
  /** A payout host's paid payout: the space, the amount and the transfer's reference. */
  payout?: { spaceTitle: string; amount: number; reference: string };
  /** A review host's completed booking, its listing and its renter (whose session the test uses too). */
  review?: {
    bookingId: string;
    spaceId: string;
    spaceTitle: string;
    renterName: string;
    renterSetCookie: string;
  };
  /**
   * A claim host's ended booking: its id, an earlier claim on it an operator decided (₱1,000.00 of ₱1,500.00), the
   * space, and its renter's name and session (Set-Cookie).
   */
  claim?: {
    bookingId: string;
    decidedCaseId: string;
    spaceTitle: string;
    renterName: string;
    renterSetCookie: string;
  };
  /** The renter of a review host's booking: claimed through its host. */
  reviewRenter?: true;
  /** A claim host's renter: reached through the host's `claim`, never claimed on its own. */
  claimRenter?: true;
  /** The account that hosts the bill renters' spaces: never claimed. */
  landlord?: true;
  /** A deposit renter's two bookings and their host's session (the deposits spec). */
  deposit?: { runningBookingId: string; endedBookingId: string; hostSetCookie: string };
  /** The host of a deposit renter's spaces: claimed with its renter, never on its own. */
  depositHost?: true;
  /**
   * A busy account's state: its own request waiting for the host (with its receipt), its running booking (with a bill
   * to pay), the request to answer on its listing, and the conversation with unread messages.
   */
  busy?: {
    requestId: string;
    receiptId: string;
    runningBookingId: string;
    hostRequestId: string;
    conversationId: string;
  };
  /** A finance operator's open payout batch: the Monday it was made for. */
  /** The open batch's week, and the number of the booking whose rent it pays (a goodwill refund's subject). */
  financeBatch?: { weekOf: string; bookingNumber: string };
  /** The host paid in a finance operator's batch: never claimed. */
  financeHost?: true;
};

export type TestUserKind =
  | "user"
  | "host"
  | "billRenter"
  | "payoutHost"
  | "reviewHost"
  | "depositRenter"
  | "claimHost"
  | "operator"
  | "financeOperator"
  | "busyAccount";

function kindOf(user: TestUser): TestUserKind | null {
  if (user.landlord || user.reviewRenter || user.depositHost || user.claimRenter || user.financeHost)
    return null;
  if (user.financeBatch) return "financeOperator";
  if (user.busy) return "busyAccount";
  if (user.review) return "reviewHost";
  if (user.deposit) return "depositRenter";
  if (user.claim) return "claimHost";
  if (user.listing) return "host";
  if (user.bill) return "billRenter";
  if (user.payout) return "payoutHost";
  if (user.operatorRole) return "operator";
  return "user";
}

export function testUsersFile(dataDir = process.env.DATA_DIR ?? "data"): string {
  return path.join(dataDir, "test-users.json");
}

let pool: TestUser[] | undefined;
const next: Record<TestUserKind, number> = {
  user: 0,
  host: 0,
  billRenter: 0,
  payoutHost: 0,
  reviewHost: 0,
  depositRenter: 0,
  claimHost: 0,
  operator: 0,
  financeOperator: 0,
  busyAccount: 0,
};

/**
 * An account no other test has had, from the server's data folder: a renter, a host with a listing, a renter
 * with a running booking and a bill to pay, or a host with earnings and a paid payout.
 */
export function claimTestUser(dataDir: string, kind: TestUserKind = "user"): TestUser {
  pool ??= JSON.parse(readFileSync(testUsersFile(dataDir), "utf8")) as TestUser[];
  const candidates = pool.filter((user) => kindOf(user) === kind);
  mkdirSync(path.join(dataDir, `claimed-${kind}`), { recursive: true });
  for (; next[kind] < candidates.length; next[kind]++) {
    try {
      mkdirSync(path.join(dataDir, `claimed-${kind}`, String(next[kind])));
      return candidates[next[kind]++] as TestUser;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error(`all e2e test ${kind}s are taken: raise TEST_USER_COUNT or TEST_HOST_COUNT`);
}

/** The session cookie of a Set-Cookie header, as Playwright stores cookies. */
export function sessionCookie(setCookie: string, domain: string) {
  const [pair = ""] = setCookie.split(";");
  const at = pair.indexOf("=");
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    domain,
    path: "/",
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: "Lax" as const,
  };
}
