import { z } from "zod/v4";
import {
  type ConsoleStage,
  consoleStage,
  leaveConsole,
  pendingEnrolment,
  verifyConsoleCode,
} from "~/core/operators.server";
import { CODE_FORMAT, queuesFor } from "~/domain/operators";
import { defineEndpoint } from "../endpoint";
import { takeRate } from "../rate-limit.server";
import { consoleGate, operatorOf } from "./gate.server";

/**
 * Signing in to the operator console (docs/operations.md, ADR 0062): an operator logged in to the site with their
 * password sees where they stand (enrol an authenticator, type a code, or in), enrols with the QR code of a secret
 * shown only until its first code, and types a code to open the console for this session.
 */

/** Codes typed per operator: a person mistypes a few, a guesser needs a million. */
const CODE_TRIES = { bucket: "operations:code", max: 10, windowMs: 15 * 60 * 1000 };
const TOO_MANY_CODES = "Too many codes were typed. Please wait 15 minutes and try again.";

export type ConsoleState = {
  stage: ConsoleStage;
  role: string;
  email: string;
  /** The queues this role may open, in the menu's order. */
  queues: { key: string; label: string; path: string }[];
  /** While enrolling only: the secret for the authenticator app and its otpauth:// address (the QR code's). */
  enrolment: { secret: string; uri: string } | null;
};

const STATE = { method: "GET", path: "/operations/console" } as const;
export const consoleState = defineEndpoint({
  ...STATE,
  auth: "optional",
  unlisted: true,
  answers: [404],
  summary: "Where the operator stands with the console: enrol, type a code, or in.",
  gate: consoleGate(STATE, "read", { signedIn: false }),
  async handler({ db, user, sessionIdHash }): Promise<ConsoleState> {
    const operator = operatorOf(user);
    const stage = await consoleStage(db, operator, sessionIdHash as string);
    return {
      stage,
      role: operator.operatorRole,
      email: operator.email,
      queues: queuesFor(operator.operatorRole).map(({ key, label, path }) => ({ key, label, path })),
      enrolment: stage === "enrol" ? await pendingEnrolment(db, operator) : null,
    };
  },
});

const SIGN_IN = { method: "POST", path: "/operations/signIn" } as const;
export const consoleSignIn = defineEndpoint({
  ...SIGN_IN,
  auth: "optional",
  unlisted: true,
  answers: [404, 429],
  summary:
    "Opens the console for this session with the authenticator's code (the first code also ends enrolment).",
  message: "You are signed in to the console.",
  gate: consoleGate(SIGN_IN, "read", { signedIn: false }),
  body: z.strictObject({
    code: z
      .string({ error: CODE_FORMAT })
      .trim()
      .min(1, { error: CODE_FORMAT })
      .max(20, { error: CODE_FORMAT }),
  }),
  async handler({ db, user, sessionIdHash, body }) {
    const operator = operatorOf(user);
    await takeRate(db, [{ limit: CODE_TRIES, value: operator.id }], TOO_MANY_CODES);
    await verifyConsoleCode(db, operator, sessionIdHash as string, body.code);
    return null;
  },
});

const SIGN_OUT = { method: "POST", path: "/operations/signOut" } as const;
export const consoleSignOut = defineEndpoint({
  ...SIGN_OUT,
  auth: "optional",
  unlisted: true,
  answers: [404],
  summary: "Closes the console for this session; the site's login stays.",
  message: "You left the console.",
  gate: consoleGate(SIGN_OUT, "read", { signedIn: false }),
  async handler({ db, sessionIdHash }) {
    await leaveConsole(db, sessionIdHash as string);
    return null;
  },
});

export const endpoints = [consoleState, consoleSignIn, consoleSignOut];
