import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDatabase } from "~/db/db.server";
import { auditLog, type User } from "~/db/schema";
import { totpCode } from "~/infra/totp.server";
import { type Answer, call, expectStatus, loggedInUser } from "./helpers";

/** The console's API tests' shared pieces (docs/operations.md, ADR 0062). */

export type Operator = Awaited<ReturnType<typeof loggedInUser>> & { secret: string };

/** An operator with `role`, enrolled and (unless `signIn` is false) signed in to the console on their session. */
export async function anOperator(role: NonNullable<User["operatorRole"]>, signIn = true): Promise<Operator> {
  const operator = await loggedInUser({ operatorRole: role });
  const state = await call<{ stage: string; enrolment: { secret: string } }>("GET", "/operations/console", {
    cookie: operator.cookie,
  });
  expectStatus(state, 200);
  const secret = state.body.result.enrolment.secret;
  if (signIn) {
    const signedIn = await call("POST", "/operations/signIn", {
      cookie: operator.cookie,
      body: { code: totpCode(secret) },
    });
    expectStatus(signedIn, 200);
  }
  return { ...operator, secret };
}

/** The answer of a path that does not exist, word for word: what anyone without the role gets from a console call. */
export function expectNoSuchCall(answer: Answer, method: string, path: string) {
  expect(answer.status).toBe(404);
  expect(answer.body.responseMessage).toBe(`There is no API call ${method} ${path.split("?")[0]}.`);
}

/** The audit rows written about one record. */
export async function auditRows(recordId: string) {
  const { db } = await getDatabase();
  return db.select().from(auditLog).where(eq(auditLog.recordId, recordId));
}
