/**
 * Reports (ADR 0070): what can be reported, why, and the words the person reporting
 * reads. Pure: the rules that need the database live in app/core/reports.server.ts.
 */

export const REPORT_KINDS = ["listing", "user", "message", "review"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_REASONS = ["scam", "unsafe", "offensive", "wrongInformation", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ["open", "actioned", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_NOTE_MAX_LENGTH = 1000;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: "A scam or fraud",
  unsafe: "Unsafe",
  offensive: "Offensive",
  wrongInformation: "Wrong information",
  other: "Something else",
};

/** What the report page calls the thing reported: "Report this listing". */
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  listing: "listing",
  user: "user",
  message: "message",
  review: "review",
};

export const REPORT_MESSAGES = {
  sent: "Thank you. Our team will look at your report.",
  kind: "Please choose what you are reporting: a listing, a user, a message or a review.",
  reason: "Please choose a reason: scam, unsafe, offensive, wrong information or other.",
  noteTooLong: `Your note can be at most ${REPORT_NOTE_MAX_LENGTH.toLocaleString("en-PH")} characters.`,
  already: "You have already reported this. Our team will look at it.",
  self: "You cannot report yourself.",
  notFound: {
    listing: "Space not found.",
    user: "This user was not found.",
    message: "This message was not found.",
    review: "This review was not found.",
  } satisfies Record<ReportKind, string>,
  closeStatus: "A report is closed as actioned or dismissed.",
  reportNotFound: "This report was not found.",
} as const;
