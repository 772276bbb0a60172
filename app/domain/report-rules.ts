import { z } from "zod/v4";
import { REPORT_KINDS, REPORT_MESSAGES, REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from "./reports";

/**
 * The fields of a report (POST /user/report, ADR 0070), checked alike by the API and by the report page's form (which
 * takes the kind and the id from its address).
 */
export const ReportFields = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reason }),
  // Forms send "" for an empty note.
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX_LENGTH, REPORT_MESSAGES.noteTooLong)
    .optional()
    .transform((note) => note ?? ""),
});

/** What is reported: its kind and id. */
export const ReportTarget = z.strictObject({
  kind: z.enum(REPORT_KINDS, { error: REPORT_MESSAGES.kind }),
  targetId: z.string({ error: REPORT_MESSAGES.kind }).trim().min(1, REPORT_MESSAGES.kind).max(64),
});

export const ReportBody = z.strictObject({
  ...ReportTarget.shape,
  ...ReportFields.shape,
});
