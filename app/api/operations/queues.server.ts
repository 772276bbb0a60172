import { and, desc, eq, gte, ilike, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod/v4";
import { escapeLike, listAudit } from "~/core/audit.server";
import { hideListing, restoreListing, setAdminVerified } from "~/core/listing-moderation.server";
import { restoreUser, suspendUser } from "~/core/user-suspension.server";
import { bookings, messages, payments, reports, resolutions, reviews, spaces, users } from "~/db/schema";
import { bookingNumberOf } from "~/domain/booking";
import { REASON_MAX_LENGTH, REASON_NEEDED } from "~/domain/operators";
import type { ReportReason } from "~/domain/reports";
import { listingPath } from "~/utils/site-paths";
import { defineEndpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { actorOf, consoleGate, operatorNote } from "./gate.server";

/**
 * The console's queues (docs/operations.md): listings (new and hidden; hide, restore, the host's verified mark),
 * users (find, look at, suspend, restore) and the audit log. Reading needs any role; acting needs trust or admin.
 */

const common = { auth: "optional", unlisted: true } as const;
const uuid = (what: string) => z.uuid(`Invalid ${what} id.`);
const reason = z
  .string({ error: REASON_NEEDED })
  .trim()
  .min(1, { error: REASON_NEEDED })
  .max(REASON_MAX_LENGTH, { error: `A reason can be at most ${REASON_MAX_LENGTH} characters.` });

/** How recent a published listing counts as new for the queue. */
const NEW_DAYS = 14;
const PAGE = 50;

export type ConsoleListing = {
  id: string;
  title: string;
  storageType: string | null;
  status: string;
  path: string;
  publishedAt: string | null;
  hiddenReason: string | null;
  hiddenAt: string | null;
  host: { id: string; name: string; email: string; adminVerified: boolean; suspended: boolean };
};

const listingColumns = {
  space: spaces,
  host: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    adminVerified: users.adminVerified,
    suspendedAt: users.suspendedAt,
  },
};

type ListingRow = {
  space: typeof spaces.$inferSelect;
  host: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    adminVerified: boolean;
    suspendedAt: Date | null;
  };
};

function toConsoleListing({ space, host }: ListingRow): ConsoleListing {
  return {
    id: space.id,
    title: space.spaceTitle ?? "(untitled draft)",
    storageType: space.storageType,
    status: space.status,
    path: listingPath({ _id: space.id, storageType: space.storageType, spaceTitle: space.spaceTitle }),
    publishedAt: space.publishedAt?.toISOString() ?? null,
    hiddenReason: space.hiddenReason,
    hiddenAt: space.hiddenAt?.toISOString() ?? null,
    host: {
      id: host.id,
      name: `${host.firstName} ${host.lastName}`,
      email: host.email,
      adminVerified: host.adminVerified,
      suspended: host.suspendedAt !== null,
    },
  };
}

const LISTINGS = { method: "GET", path: "/operations/listings" } as const;
export const consoleListings = defineEndpoint({
  ...LISTINGS,
  ...common,
  answers: [404],
  summary: `Listings for review: new (published in the last ${NEW_DAYS} days), hidden, or all; by title or host e-mail.`,
  gate: consoleGate(LISTINGS, "read"),
  query: z.object({
    show: z.enum(["new", "hidden", "all"], { error: "show must be new, hidden or all." }).default("new"),
    q: z.string().trim().max(200).optional(),
  }),
  async handler({ db, query }): Promise<ConsoleListing[]> {
    const like = query.q ? `%${escapeLike(query.q)}%` : null;
    const conditions: (SQL | undefined)[] = [
      query.show === "hidden" ? isNotNull(spaces.hiddenAt) : undefined,
      query.show === "new"
        ? gte(spaces.publishedAt, sql`now() - make_interval(days => ${NEW_DAYS})`)
        : undefined,
      like ? or(ilike(spaces.spaceTitle, like), ilike(users.email, like)) : undefined,
    ];
    const rows = await db
      .select(listingColumns)
      .from(spaces)
      .innerJoin(users, eq(users.id, spaces.hostId))
      .where(and(...conditions))
      .orderBy(
        desc(sql`coalesce(${spaces.hiddenAt}, ${spaces.publishedAt}, ${spaces.createdAt})`),
        desc(spaces.id),
      )
      .limit(PAGE);
    return rows.map(toConsoleListing);
  },
});

const LISTING = { method: "GET", path: "/operations/listing" } as const;
export const consoleListing = defineEndpoint({
  ...LISTING,
  ...common,
  answers: [404],
  summary: "One listing with its host, for the console.",
  gate: consoleGate(LISTING, "read"),
  query: z.object({ spaceId: uuid("listing") }),
  async handler({ db, query }): Promise<ConsoleListing> {
    const [row] = await db
      .select(listingColumns)
      .from(spaces)
      .innerJoin(users, eq(users.id, spaces.hostId))
      .where(eq(spaces.id, query.spaceId));
    if (!row) throw new ApiError(404, "This listing was not found.");
    return toConsoleListing(row);
  },
});

const HIDE = { method: "POST", path: "/operations/hideListing" } as const;
export const consoleHideListing = defineEndpoint({
  ...HIDE,
  ...common,
  answers: [404, 409],
  summary: "Hides a listing from renters with a reason its host sees; its page answers 410.",
  message: "The listing is hidden.",
  gate: consoleGate(HIDE, "moderate"),
  body: z.strictObject({ spaceId: uuid("listing"), reason }),
  async handler({ db, user, body }) {
    await hideListing(db, actorOf(user), body.spaceId, body.reason);
    return null;
  },
});

const RESTORE = { method: "POST", path: "/operations/restoreListing" } as const;
export const consoleRestoreListing = defineEndpoint({
  ...RESTORE,
  ...common,
  answers: [404, 409],
  summary: "Shows a hidden listing to renters again.",
  message: "The listing is shown again.",
  gate: consoleGate(RESTORE, "moderate"),
  body: z.strictObject({ spaceId: uuid("listing"), note: operatorNote }),
  async handler({ db, user, body }) {
    await restoreListing(db, actorOf(user), body.spaceId, body.note);
    return null;
  },
});

const VERIFY = { method: "POST", path: "/operations/setVerified" } as const;
export const consoleSetVerified = defineEndpoint({
  ...VERIFY,
  ...common,
  answers: [404, 409],
  summary: 'Sets or clears an account\'s verified mark (adminVerified: "Verified host").',
  message: "The verified mark is saved.",
  gate: consoleGate(VERIFY, "moderate"),
  body: z.strictObject({
    userId: uuid("user"),
    adminVerified: z.enum(["true", "false"], { error: "adminVerified must be true or false." }),
    note: operatorNote,
  }),
  async handler({ db, user, body }) {
    await setAdminVerified(db, actorOf(user), body.userId, body.adminVerified === "true", body.note);
    return null;
  },
});

export type ConsoleUser = {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  adminVerified: boolean;
  operatorRole: string | null;
  suspendedAt: string | null;
  suspensionNote: string | null;
  createdAt: string;
};

function toConsoleUser(user: typeof users.$inferSelect): ConsoleUser {
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    phoneNumber: user.phoneNumber,
    adminVerified: user.adminVerified,
    operatorRole: user.operatorRole,
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    suspensionNote: user.suspensionNote,
    createdAt: user.createdAt.toISOString(),
  };
}

const USERS = { method: "GET", path: "/operations/users" } as const;
export const consoleUsers = defineEndpoint({
  ...USERS,
  ...common,
  answers: [404],
  summary: "Finds accounts by name, e-mail or phone (suspended ones first when nothing is asked).",
  gate: consoleGate(USERS, "read"),
  query: z.object({ q: z.string().trim().max(200).optional() }),
  async handler({ db, query }): Promise<ConsoleUser[]> {
    const like = query.q ? `%${escapeLike(query.q)}%` : null;
    const rows = await db
      .select()
      .from(users)
      .where(
        like
          ? or(
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
              ilike(users.email, like),
              ilike(users.phoneNumber, like),
            )
          : isNotNull(users.suspendedAt),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(PAGE);
    return rows.map(toConsoleUser);
  },
});

export type ConsoleUserDetail = {
  user: ConsoleUser;
  listings: ConsoleListing[];
  bookings: {
    id: string;
    number: string;
    state: string;
    startDate: string;
    endDate: string;
    side: "renter" | "host";
  }[];
  /** What they paid, newest first (centavos). */
  payments: { id: string; bookingNumber: string; amount: number; state: string; paidAt: string | null }[];
  /** Resolution cases of their bookings, opened by them or by the other side. */
  cases: { id: string; bookingNumber: string; reason: string; state: string; openedByThem: boolean }[];
  /** Reports they made, and reports about them or what they wrote or listed. */
  reports: {
    id: string;
    kind: string;
    reason: ReportReason;
    status: string;
    byThem: boolean;
    createdAt: string;
  }[];
};

const USER = { method: "GET", path: "/operations/user" } as const;
export const consoleUser = defineEndpoint({
  ...USER,
  ...common,
  answers: [404],
  summary: "One account with its listings, bookings, payments, cases and reports, for the console.",
  gate: consoleGate(USER, "read"),
  query: z.object({ userId: uuid("user") }),
  async handler({ db, query }): Promise<ConsoleUserDetail> {
    const [user] = await db.select().from(users).where(eq(users.id, query.userId));
    if (!user) throw new ApiError(404, "This account was not found.");
    const [listingRows, bookingRows, paymentRows, caseRows, reportRows] = await Promise.all([
      db
        .select(listingColumns)
        .from(spaces)
        .innerJoin(users, eq(users.id, spaces.hostId))
        .where(eq(spaces.hostId, user.id))
        .orderBy(desc(spaces.createdAt))
        .limit(PAGE),
      db
        .select()
        .from(bookings)
        .where(or(eq(bookings.renterId, user.id), eq(bookings.hostId, user.id)))
        .orderBy(desc(bookings.createdAt))
        .limit(PAGE),
      db
        .select({ payment: payments, number: bookings.number })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(eq(bookings.renterId, user.id))
        .orderBy(desc(payments.createdAt))
        .limit(PAGE),
      db
        .select({ resolution: resolutions, number: bookings.number })
        .from(resolutions)
        .innerJoin(bookings, eq(bookings.id, resolutions.bookingId))
        .where(or(eq(bookings.renterId, user.id), eq(bookings.hostId, user.id)))
        .orderBy(desc(resolutions.createdAt))
        .limit(PAGE),
      db
        .select()
        .from(reports)
        .where(
          or(
            eq(reports.reporterId, user.id),
            sql`(${reports.kind} = 'user' and ${reports.targetId} = ${user.id}::text)`,
            sql`(${reports.kind} = 'listing' and ${reports.targetId} in
              (select ${spaces.id}::text from ${spaces} where ${spaces.hostId} = ${user.id}))`,
            sql`(${reports.kind} = 'message' and ${reports.targetId} in
              (select ${messages.id}::text from ${messages} where ${messages.senderId} = ${user.id}))`,
            sql`(${reports.kind} = 'review' and ${reports.targetId} in
              (select ${reviews.id}::text from ${reviews} where ${reviews.authorId} = ${user.id}))`,
          ),
        )
        .orderBy(desc(reports.createdAt))
        .limit(PAGE),
    ]);
    return {
      user: toConsoleUser(user),
      listings: listingRows.map(toConsoleListing),
      bookings: bookingRows.map((row) => ({
        id: row.id,
        number: bookingNumberOf(row.number),
        state: row.state,
        startDate: row.startDate,
        endDate: row.endDate,
        side: row.renterId === user.id ? "renter" : "host",
      })),
      payments: paymentRows.map(({ payment, number }) => ({
        id: payment.id,
        bookingNumber: bookingNumberOf(number),
        amount: payment.amount,
        state: payment.state,
        paidAt: payment.paidAt?.toISOString() ?? null,
      })),
      cases: caseRows.map(({ resolution, number }) => ({
        id: resolution.id,
        bookingNumber: bookingNumberOf(number),
        reason: resolution.reason,
        state: resolution.state,
        openedByThem: resolution.openedBy === user.id,
      })),
      reports: reportRows.map((report) => ({
        id: report.id,
        kind: report.kind,
        reason: report.reason,
        status: report.status,
        byThem: report.reporterId === user.id,
        createdAt: report.createdAt.toISOString(),
      })),
    };
  },
});

const SUSPEND = { method: "POST", path: "/operations/suspendUser" } as const;
export const consoleSuspendUser = defineEndpoint({
  ...SUSPEND,
  ...common,
  answers: [403, 404, 409],
  summary:
    "Suspends an account: its sessions end, its listings leave search, its open requests are declined and refunded.",
  message: "The account is suspended.",
  gate: consoleGate(SUSPEND, "moderate"),
  body: z.strictObject({ userId: uuid("user"), note: operatorNote }),
  async handler({ db, user, body }): Promise<{ declined: number }> {
    const { declined } = await suspendUser(db, actorOf(user), body.userId, body.note);
    return { declined: declined.length };
  },
});

const RESTORE_USER = { method: "POST", path: "/operations/restoreUser" } as const;
export const consoleRestoreUser = defineEndpoint({
  ...RESTORE_USER,
  ...common,
  answers: [404, 409],
  summary: "Lifts an account's suspension.",
  message: "The account is restored.",
  gate: consoleGate(RESTORE_USER, "moderate"),
  body: z.strictObject({ userId: uuid("user"), note: operatorNote }),
  async handler({ db, user, body }) {
    await restoreUser(db, actorOf(user), body.userId, body.note);
    return null;
  },
});

export type ConsoleAuditRow = {
  id: number;
  at: string;
  operator: string;
  action: string;
  recordType: string;
  recordId: string;
  before: unknown;
  after: unknown;
  note: string | null;
};

const AUDIT = { method: "GET", path: "/operations/audit" } as const;
export const consoleAudit = defineEndpoint({
  ...AUDIT,
  ...common,
  answers: [404],
  summary: "The audit log, newest first: by action, record, operator and day.",
  gate: consoleGate(AUDIT, "read"),
  query: z.object({
    action: z.string().trim().max(100).optional(),
    recordId: z.string().trim().max(100).optional(),
    operator: z.string().trim().max(254).optional(),
    from: z.iso.date("from must be a date (YYYY-MM-DD).").optional(),
    to: z.iso.date("to must be a date (YYYY-MM-DD).").optional(),
    before: z.coerce.number().int().positive().optional(),
  }),
  async handler({ db, query }): Promise<ConsoleAuditRow[]> {
    const day = (date: string, plus = 0) =>
      new Date(Date.parse(`${date}T00:00:00+08:00`) + plus * 86_400_000);
    const rows = await listAudit(db, {
      action: query.action || undefined,
      recordId: query.recordId || undefined,
      operator: query.operator || undefined,
      before: query.before,
      from: query.from ? day(query.from) : undefined,
      to: query.to ? day(query.to, 1) : undefined,
    });
    return rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      operator: row.operatorEmail,
      action: row.action,
      recordType: row.recordType,
      recordId: row.recordId,
      before: row.before,
      after: row.after,
      note: row.note,
    }));
  },
});

export const endpoints = [
  consoleListings,
  consoleListing,
  consoleHideListing,
  consoleRestoreListing,
  consoleSetVerified,
  consoleUsers,
  consoleUser,
  consoleSuspendUser,
  consoleRestoreUser,
  consoleAudit,
];
