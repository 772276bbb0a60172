import { text, timestamp } from "drizzle-orm/pg-core";

/**
 * The support inbox's columns (ADR 0071), on each kind of message the support team
 * answers: contact-us messages, feedback and enquiries. New until someone answers it (the reply is e-mailed to the
 * sender), closed when nothing more is to be done.
 */
export const SUPPORT_STATUSES = ["new", "answered", "closed"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export function supportColumns() {
  return {
    supportStatus: text("support_status", { enum: SUPPORT_STATUSES }).notNull().default("new"),
    /** The last reply e-mailed to the sender, and when. */
    supportReply: text("support_reply"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  };
}
