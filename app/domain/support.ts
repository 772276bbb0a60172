/** The support inbox's kinds and limits (ADR 0071), shared by its service and the console's pages. Pure. */

export const SUPPORT_KINDS = ["contactUs", "feedback", "missingSpace", "hostEnquiry"] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];

export const SUPPORT_REPLY_MAX_LENGTH = 5000;
