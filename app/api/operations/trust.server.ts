import { desc, eq } from "drizzle-orm";
import { z } from "zod/v4";
import { decideIdentityReview } from "~/core/identity-checks.server";
import { hideListing } from "~/core/listing-moderation.server";
import { closeReport, listReports, type ReportView } from "~/core/reports.server";
import {
  findSupportMessage,
  listSupportMessages,
  replyToSupportMessage,
  SUPPORT_KINDS,
  SUPPORT_MESSAGES,
  SUPPORT_REPLY_MAX_LENGTH,
  type SupportMessage,
  setSupportStatus,
} from "~/core/support-inbox.server";
import { suspendUser } from "~/core/user-suspension.server";
import { identityChecks, users } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { REASON_MAX_LENGTH, REASON_NEEDED } from "~/domain/operators";
import { REPORT_KINDS, REPORT_STATUSES } from "~/domain/reports";
import { transactionWithJobs } from "~/infra/jobs.server";
import { defineEndpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { actorOf, consoleGate, operatorNote } from "./gate.server";

/**
 * The console's trust and support queues (docs/operations.md): identity checks the provider marked for review (trust
 * decides them), reports from users (every role sees them; trust hides the listing, suspends the owner or dismisses)
 * and the support inbox (every role answers it). Each action writes its audit row in the action's transaction.
 */

const common = { auth: "optional", unlisted: true } as const;
const PAGE = 50;

export type ConsoleIdentityCheck = {
  id: string;
  provider: string;
  providerCheckId: string | null;
  status: string;
  reason: string | null;
  createdAt: string;
  completedAt: string | null;
  providerEventAt: string | null;
  teamDecidedAt: string | null;
};

export type ConsoleIdentityUser = {
  userId: string;
  name: string;
  email: string;
  identityStatus: string;
  /** The check waiting for review (the user's latest); null when none is. */
  check: ConsoleIdentityCheck | null;
};

function toCheck(row: typeof identityChecks.$inferSelect): ConsoleIdentityCheck {
  return {
    id: row.id,
    provider: row.provider,
    providerCheckId: row.providerCheckId,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    providerEventAt: row.providerEventAt?.toISOString() ?? null,
    teamDecidedAt: row.teamDecidedAt?.toISOString() ?? null,
  };
}

const IDENTITY_LIST = { method: "GET", path: "/operations/identityChecks" } as const;
export const consoleIdentityChecks = defineEndpoint({
  ...IDENTITY_LIST,
  ...common,
  answers: [404],
  summary: "Users whose identity check the provider marked for review, oldest first; by name or e-mail.",
  gate: consoleGate(IDENTITY_LIST, "moderate"),
  query: z.object({ q: z.string().trim().max(200).optional() }),
  async handler({ db, query }): Promise<ConsoleIdentityUser[]> {
    const rows = await db
      .select({ user: users, check: identityChecks })
      .from(users)
      .leftJoin(identityChecks, eq(identityChecks.userId, users.id))
      .where(eq(users.identityStatus, "review"))
      .orderBy(users.updatedAt, desc(identityChecks.createdAt));
    // One entry per user, with their latest check (the rows come newest check first per user).
    const seen = new Map<string, ConsoleIdentityUser>();
    const q = query.q?.toLowerCase();
    for (const { user, check } of rows) {
      if (seen.has(user.id)) continue;
      const name = `${user.firstName} ${user.lastName}`;
      if (q && !name.toLowerCase().includes(q) && !user.email.toLowerCase().includes(q)) continue;
      seen.set(user.id, {
        userId: user.id,
        name,
        email: user.email,
        identityStatus: user.identityStatus ?? "review",
        check: check ? toCheck(check) : null,
      });
    }
    return [...seen.values()].slice(0, PAGE);
  },
});

export type ConsoleIdentityDetail = ConsoleIdentityUser & { checks: ConsoleIdentityCheck[] };

const IDENTITY_ONE = { method: "GET", path: "/operations/identityCheck" } as const;
export const consoleIdentityCheck = defineEndpoint({
  ...IDENTITY_ONE,
  ...common,
  answers: [404],
  summary: "One user's identity checks, newest first, with what the provider said.",
  gate: consoleGate(IDENTITY_ONE, "moderate"),
  query: z.object({ userId: z.uuid("Invalid user id.") }),
  async handler({ db, query }): Promise<ConsoleIdentityDetail> {
    const [user] = await db.select().from(users).where(eq(users.id, query.userId));
    if (!user) throw new ApiError(404, "This account was not found.");
    const checks = (
      await db
        .select()
        .from(identityChecks)
        .where(eq(identityChecks.userId, user.id))
        .orderBy(desc(identityChecks.createdAt), desc(identityChecks.id))
        .limit(PAGE)
    ).map(toCheck);
    return {
      userId: user.id,
      name: `${user.firstName} ${user.lastName}`,
      email: user.email,
      identityStatus: user.identityStatus ?? "none",
      check: user.identityStatus === "review" && checks[0]?.status === "review" ? checks[0] : null,
      checks,
    };
  },
});

const IDENTITY_DECIDE = { method: "POST", path: "/operations/decideIdentity" } as const;
export const consoleDecideIdentity = defineEndpoint({
  ...IDENTITY_DECIDE,
  ...common,
  answers: [404, 409],
  summary:
    "Decides an identity check in review: passed (the user is verified) or failed with the reason the user reads.",
  message: "The identity check is decided.",
  gate: consoleGate(IDENTITY_DECIDE, "moderate"),
  body: z.strictObject({
    userId: z.uuid("Invalid user id."),
    decision: z.enum(["passed", "failed"], { error: "decision must be passed or failed." }),
    reason: z
      .string()
      .trim()
      .max(REASON_MAX_LENGTH, { error: `A reason can be at most ${REASON_MAX_LENGTH} characters.` })
      .optional(),
    note: operatorNote,
  }),
  async handler({ db, user, body }) {
    await decideIdentityReview(db, body.userId, body.decision, body.reason, {
      actor: actorOf(user),
      note: body.note,
    });
    return null;
  },
});

export type ConsoleReport = Omit<ReportView, "createdAt" | "closedAt"> & {
  createdAt: string;
  closedAt: string | null;
};

function toConsoleReport(view: ReportView): ConsoleReport {
  return { ...view, createdAt: view.createdAt.toISOString(), closedAt: view.closedAt?.toISOString() ?? null };
}

const REPORTS = { method: "GET", path: "/operations/reports" } as const;
export const consoleReports = defineEndpoint({
  ...REPORTS,
  ...common,
  answers: [404],
  summary:
    "Reports from users, newest first, with their reporter and what they are about; by status and kind.",
  gate: consoleGate(REPORTS, "read"),
  query: z.object({
    status: z.enum(REPORT_STATUSES, { error: "status must be open, actioned or dismissed." }).optional(),
    kind: z.enum(REPORT_KINDS, { error: "kind must be listing, user, message or review." }).optional(),
  }),
  async handler({ db, query }): Promise<ConsoleReport[]> {
    return (await listReports(db, { status: query.status, kind: query.kind, limit: PAGE })).map(
      toConsoleReport,
    );
  },
});

const REPORT_NOT_FOUND = "This report was not found.";

const REPORT = { method: "GET", path: "/operations/report" } as const;
export const consoleReport = defineEndpoint({
  ...REPORT,
  ...common,
  answers: [404],
  summary: "One report with its reporter and what it is about.",
  gate: consoleGate(REPORT, "read"),
  query: z.object({ reportId: z.uuid("Invalid report id.") }),
  async handler({ db, query }): Promise<ConsoleReport> {
    const [found] = await listReports(db, { id: query.reportId, limit: 1 });
    if (!found) throw new ApiError(404, REPORT_NOT_FOUND);
    return toConsoleReport(found);
  },
});

const ACT = { method: "POST", path: "/operations/actOnReport" } as const;
export const consoleActOnReport = defineEndpoint({
  ...ACT,
  ...common,
  answers: [403, 404, 409],
  summary:
    "Acts on a report: hides the reported listing (with the reason its host sees), suspends the owner, or dismisses it.",
  message: "The report is closed.",
  gate: consoleGate(ACT, "moderate"),
  body: z.strictObject({
    reportId: z.uuid("Invalid report id."),
    action: z.enum(["hideListing", "suspendOwner", "dismiss"], {
      error: "action must be hideListing, suspendOwner or dismiss.",
    }),
    reason: z.string().trim().max(REASON_MAX_LENGTH).optional(),
    note: operatorNote,
  }),
  async handler({ db, user, body }) {
    const actor = actorOf(user);
    const [report] = await listReports(db, { id: body.reportId, limit: 1 });
    if (!report) throw new ApiError(404, REPORT_NOT_FOUND);
    if (body.action === "dismiss") {
      await closeReport(db, report.id, "dismissed", { actor, note: body.note });
      return null;
    }
    // The action and the report's closing are kept together or not at all (each writes its own audit row).
    await transactionWithJobs(db, async (tx) => {
      if (body.action === "hideListing") {
        if (report.context.kind !== "listing")
          throw new DomainError("conflict", "Only a reported listing can be hidden.");
        if (!body.reason) throw new DomainError("invalid", REASON_NEEDED, "reason");
        await hideListing(tx, actor, report.targetId, body.reason);
      } else {
        if (!report.ownerId) throw new DomainError("conflict", "What was reported has no owner any more.");
        await suspendUser(tx, actor, report.ownerId, body.note);
      }
      await closeReport(tx, report.id, "actioned", {
        actor,
        note: body.note,
        after: { did: body.action },
      });
    });
    return null;
  },
});

export type ConsoleSupportMessage = Omit<SupportMessage, "createdAt" | "answeredAt"> & {
  createdAt: string;
  answeredAt: string | null;
};

function toConsoleSupport(message: SupportMessage): ConsoleSupportMessage {
  return {
    ...message,
    createdAt: message.createdAt.toISOString(),
    answeredAt: message.answeredAt?.toISOString() ?? null,
  };
}

const SUPPORT_STATUSES = ["new", "answered", "closed"] as const;
const kind = z.enum(SUPPORT_KINDS, {
  error: "kind must be contactUs, feedback, missingSpace or hostEnquiry.",
});

const INBOX = { method: "GET", path: "/operations/supportMessages" } as const;
export const consoleSupportMessages = defineEndpoint({
  ...INBOX,
  ...common,
  answers: [404],
  summary:
    "The support inbox, newest first: contact-us messages, feedback, missing-space requests, host enquiries.",
  gate: consoleGate(INBOX, "read"),
  query: z.object({
    status: z.enum(SUPPORT_STATUSES, { error: "status must be new, answered or closed." }).optional(),
    kind: kind.optional(),
  }),
  async handler({ db, query }): Promise<ConsoleSupportMessage[]> {
    return (await listSupportMessages(db, { status: query.status, kind: query.kind, limit: PAGE })).map(
      toConsoleSupport,
    );
  },
});

const MESSAGE = { method: "GET", path: "/operations/supportMessage" } as const;
export const consoleSupportMessage = defineEndpoint({
  ...MESSAGE,
  ...common,
  answers: [404],
  summary: "One message of the support inbox.",
  gate: consoleGate(MESSAGE, "read"),
  query: z.object({ kind, id: z.uuid("Invalid message id.") }),
  async handler({ db, query }): Promise<ConsoleSupportMessage> {
    const found = await findSupportMessage(db, query.kind, query.id);
    if (!found) throw new ApiError(404, SUPPORT_MESSAGES.notFound);
    return toConsoleSupport(found);
  },
});

const REPLY = { method: "POST", path: "/operations/replySupport" } as const;
export const consoleReplySupport = defineEndpoint({
  ...REPLY,
  ...common,
  answers: [404, 409],
  summary: "E-mails a reply to the sender of a support message and marks it answered.",
  message: "Your reply is sent.",
  gate: consoleGate(REPLY, "read"),
  body: z.strictObject({
    kind,
    id: z.uuid("Invalid message id."),
    text: z
      .string({ error: SUPPORT_MESSAGES.replyRequired })
      .trim()
      .min(1, { error: SUPPORT_MESSAGES.replyRequired })
      .max(SUPPORT_REPLY_MAX_LENGTH, { error: SUPPORT_MESSAGES.replyTooLong }),
  }),
  async handler({ db, user, body }) {
    await replyToSupportMessage(db, body.kind, body.id, body.text, actorOf(user));
    return null;
  },
});

const STATUS = { method: "POST", path: "/operations/setSupportStatus" } as const;
export const consoleSetSupportStatus = defineEndpoint({
  ...STATUS,
  ...common,
  answers: [404],
  summary: "Moves a support message to new, answered or closed.",
  message: "The message's status is saved.",
  gate: consoleGate(STATUS, "read"),
  body: z.strictObject({
    kind,
    id: z.uuid("Invalid message id."),
    status: z.enum(SUPPORT_STATUSES, { error: "status must be new, answered or closed." }),
  }),
  async handler({ db, user, body }) {
    await setSupportStatus(db, body.kind, body.id, body.status, actorOf(user));
    return null;
  },
});

export const endpoints = [
  consoleIdentityChecks,
  consoleIdentityCheck,
  consoleDecideIdentity,
  consoleReports,
  consoleReport,
  consoleActOnReport,
  consoleSupportMessages,
  consoleSupportMessage,
  consoleReplySupport,
  consoleSetSupportStatus,
];
