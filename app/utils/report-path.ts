import type { ReportKind } from "~/domain/reports";

/** The report page of one thing, coming back to `returnTo` (the page the "Report" link is on) once sent. */
export function reportPath(kind: ReportKind, id: string | number, returnTo: string): string {
  return `/report/${kind}/${encodeURIComponent(String(id))}?${new URLSearchParams({ returnTo })}`;
}
