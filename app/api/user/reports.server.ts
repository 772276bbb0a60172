import { checkReportable, fileReport } from "~/core/reports.server";
import { ReportBody, ReportTarget } from "~/domain/report-rules";
import { REPORT_MESSAGES } from "~/domain/reports";
import { defineEndpoint, type Endpoint } from "../endpoint";

/**
 * Reports (POST /user/report, ADR 0070): a logged-in user reports a listing, a user, a
 * message or a review they can see, once each, with a reason and an optional note. The trust team reads them in the
 * console.
 */

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

export const checkReport = defineEndpoint({
  method: "GET",
  path: "/user/checkReport",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "Whether the caller may report a thing (kind, targetId) before writing the report: 404 when they cannot see it, 403 for themselves or what they wrote, 409 when they already reported it. The report page asks first.",
  query: ReportTarget,
  async handler({ db, user, query }) {
    await checkReportable(db, user.id, query.kind, query.targetId);
    return null;
  },
});

export const endpoints: Endpoint[] = [report, checkReport];
