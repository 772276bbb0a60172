/**
 * The operator console's rules (docs/operations.md; ADR 0062): the roles, what each may do, the console session's
 * limits and the words the console and the commands share. Pure: no clock but the one passed in.
 */

export const OPERATOR_ROLES = ["support", "trust", "finance", "admin"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * What a console page or call needs. `read` is support's: users, bookings, listings, cases and the audit log.
 * trust moderates (listings, users, cases); finance handles money (payouts, coupons); admin may do everything.
 */
export const PERMISSIONS = ["read", "moderate", "money"] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<OperatorRole, readonly Permission[]> = {
  support: ["read"],
  trust: ["read", "moderate"],
  finance: ["read", "money"],
  admin: ["read", "moderate", "money"],
};

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === "string" && (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** Whether an account with `role` (null: not an operator) may do what `permission` names. */
export function mayDo(role: string | null | undefined, permission: Permission): boolean {
  return isOperatorRole(role) && GRANTS[role].includes(permission);
}

/** The console's queues, in the menu's order, and what each needs. */
export const CONSOLE_QUEUES = [
  { key: "listings", label: "Listings", path: "/operations/listings", needs: "read" },
  { key: "users", label: "Users", path: "/operations/users", needs: "read" },
  { key: "cases", label: "Resolution cases", path: "/operations/cases", needs: "read" },
  { key: "identity", label: "Identity checks", path: "/operations/identity", needs: "moderate" },
  { key: "reports", label: "Reports", path: "/operations/reports", needs: "read" },
  { key: "support", label: "Support inbox", path: "/operations/support", needs: "read" },
  { key: "audit", label: "Audit log", path: "/operations/audit", needs: "read" },
  { key: "payouts", label: "Payouts", path: "/operations/payouts", needs: "money" },
  { key: "coupons", label: "Coupons", path: "/operations/coupons", needs: "money" },
  { key: "refunds", label: "Refunds", path: "/operations/refunds", needs: "money" },
  { key: "health", label: "Health of the business", path: "/operations/health", needs: "money" },
] as const satisfies readonly { key: string; label: string; path: string; needs: Permission }[];
export type ConsoleQueue = (typeof CONSOLE_QUEUES)[number];

export function queuesFor(role: string | null | undefined): ConsoleQueue[] {
  return CONSOLE_QUEUES.filter((queue) => mayDo(role, queue.needs));
}

/** A console session ends 30 minutes after its last use… */
export const CONSOLE_IDLE_MS = 30 * 60 * 1000;
/** …and 8 hours after its code was typed, whatever happens in between. */
export const CONSOLE_MAX_MS = 8 * 60 * 60 * 1000;

export type ConsoleStamp = { verifiedAt: Date | null; seenAt: Date | null };

/**
 * Whether a session's console stamp still holds at `now`: "live", or why not — never signed in to the console
 * ("none"), unused for 30 minutes ("idle"), or 8 hours past its code ("expired").
 */
export function consoleSessionState(stamp: ConsoleStamp, now: Date): "live" | "none" | "idle" | "expired" {
  if (!stamp.verifiedAt) return "none";
  const t = now.getTime();
  if (t - stamp.verifiedAt.getTime() >= CONSOLE_MAX_MS) return "expired";
  const seen = stamp.seenAt ?? stamp.verifiedAt;
  if (t - seen.getTime() >= CONSOLE_IDLE_MS) return "idle";
  return "live";
}

/** How a TOTP code is made: the authenticator apps' defaults (RFC 6238), so every app reads the QR code alike. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code is taken one step either side of now: a phone's clock a little off still works. */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = "Space Solution";

/** The words the console and the commands answer with. */
export const WRONG_CODE = "That code is not right. Type the 6-digit code your authenticator app shows now.";
export const CODE_FORMAT = "Please type the 6-digit code from your authenticator app.";
export const NOTE_NEEDED = "Please write a note: why you do this.";
export const REASON_NEEDED = "Please write the reason the host will see.";
export const ACCOUNT_SUSPENDED = "This account is suspended. Contact support.";
export const NOTE_MAX_LENGTH = 1000;
export const REASON_MAX_LENGTH = 140;

/** What a renter reads where a withdrawn listing was (its page answers 410): the operator's reason, when hidden. */
export function listingWithdrawnMessage(reason: string | null): string {
  return reason
    ? `This listing was taken down by Space Solution: ${reason}`
    : "This listing is no longer available.";
}
