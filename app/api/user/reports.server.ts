import { z } from "zod/v4";
import { fileReport } from "~/core/reports.server";
import { REPORT_KINDS, REPORT_MESSAGES, REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from "~/domain/reports";
import { defineEndpoint, type Endpoint } from "../endpoint";

/**
 * Reports (POST /user/report, docs/product.md, Operators; ADR 0070): a logged-in user reports a listing, a user, a
 * message or a review they can see, once each, with a reason and an optional note. The trust team reads them in the
 * console.
 */

/** The fields of the report form; the screen checks them with the same rules. */
export const ReportBody = z.strictObject({
  kind: z.enum(REPORT_KINDS, { error: REPORT_MESSAGES.kind }),
  targetId: z.string({ error: REPORT_MESSAGES.kind }).trim().min(1, REPORT_MESSAGES.kind).max(64),
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reason }),
  // Forms send "" for an empty note.
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX_LENGTH, REPORT_MESSAGES.noteTooLong)
    .optional()
    .transform((note) => note ?? ""),
});

export const report = defineEndpoint({
  method: "POST",
  path: "/user/report",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "Reports a listing, a user, a message or a review the caller can see: { kind (listing, user, message, review), targetId, reason (scam, unsafe, offensive, wrongInformation, other), note (up to 1,000 characters) }. Once per thing; never oneself.",
  message: REPORT_MESSAGES.sent,
  body: ReportBody,
  async handler({ db, user, body }) {
    const row = await fileReport(db, user.id, body);
    return { reportId: row.id };
  },
});

export const endpoints: Endpoint[] = [report];
