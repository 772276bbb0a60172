import { z } from "zod/v4";
import type { Actor } from "~/core/audit.server";
import { isConsoleLive, touchConsole } from "~/core/operators.server";
import { mayDo, NOTE_MAX_LENGTH, NOTE_NEEDED, type Permission } from "~/domain/operators";
import type { CurrentUser, Endpoint, GateContext } from "../endpoint";
import { ApiError } from "../envelope";

/**
 * Who may call the console's API (docs/operations.md, ADR 0062). Everyone else — a visitor, a user without a role,
 * an operator whose role does not cover the call — gets the very answer of a path that does not exist, before any
 * input is read; so does an operator whose console session ended (30 minutes idle, 8 hours at most), except on the
 * calls that sign in to the console.
 */

/** The answer of an API path that does not exist (app/api/router.server.ts), word for word. */
export function noSuchCall(endpoint: Pick<Endpoint, "method" | "path">): ApiError {
  return new ApiError(404, `There is no API call ${endpoint.method} ${endpoint.path}.`);
}

type Declared = Pick<Endpoint, "method" | "path">;

/**
 * The gate of a console call that needs `permission`. `signedIn: false` is for the sign-in calls themselves: an
 * operator with any role, the console's code typed or not.
 */
export function consoleGate(
  declared: Declared,
  permission: Permission,
  options: { signedIn?: boolean } = {},
): (context: GateContext) => Promise<void> {
  return async ({ db, user, sessionIdHash }) => {
    if (!user || !sessionIdHash || !mayDo(user.operatorRole, permission)) throw noSuchCall(declared);
    if (options.signedIn === false) return;
    if (!(await isConsoleLive(db, sessionIdHash))) throw noSuchCall(declared);
    await touchConsole(db, sessionIdHash);
  };
}

/** The operator behind a console call (its gate let them in). */
export function operatorOf(user: CurrentUser | null): CurrentUser & { operatorRole: string } {
  if (!user?.operatorRole) throw new Error("a console call ran without its gate");
  return user as CurrentUser & { operatorRole: string };
}

export function actorOf(user: CurrentUser | null): Actor {
  const operator = operatorOf(user);
  return { id: operator.id, email: operator.email };
}

/** The note every console action asks for (why the operator does it); the audit row keeps it. */
export const operatorNote = z
  .string({ error: NOTE_NEEDED })
  .trim()
  .min(1, { error: NOTE_NEEDED })
  .max(NOTE_MAX_LENGTH, { error: `A note can be at most ${NOTE_MAX_LENGTH} characters.` });
