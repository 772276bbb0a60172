import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { action as identityWebhook } from "~/routes/webhooks+/identity";
import { loggedInUser } from "../../../tests/api/helpers";
import { postTo, routeCaller } from "../../../tests/api/route-calls";
import { type FakePersona, startFakePersona } from "../../../tests/doubles/persona";
import { action, loader } from "./profile-persona-verification";

/**
 * The verification page with Persona as the provider (docs/decisions/0068-identity-checks-through-persona.md), as a
 * browser without JavaScript uses it: "Start verification" goes to Persona's hosted flow; coming back from it records
 * nothing and says the check is under way; the page shows Pending until the webhook lands, then the outcome and,
 * for a refusal, Persona's reason.
 */
const page = routeCaller("user-profile/profile-persona-verification", { action, loader });
const PAGE = "/user-profile/profile-persona-verification";
const SECRET = "wbhsec_page_test_0123456789";

let fake: FakePersona;
const saved: Partial<ReturnType<typeof getEnv>> = {};

beforeAll(async () => {
  fake = await startFakePersona({
    apiKey: "persona_page_key",
    templateId: "itmpl_page",
    webhookSecrets: [SECRET],
  });
  const env = getEnv();
  for (const key of [
    "IDENTITY_PROVIDER",
    "PERSONA_API_KEY",
    "PERSONA_TEMPLATE_ID",
    "PERSONA_WEBHOOK_SECRET",
    "PERSONA_API_URL",
    "PERSONA_FLOW_URL",
  ] as const)
    Object.assign(saved, { [key]: env[key] });
  Object.assign(env, {
    IDENTITY_PROVIDER: "persona",
    PERSONA_API_KEY: "persona_page_key",
    PERSONA_TEMPLATE_ID: "itmpl_page",
    PERSONA_WEBHOOK_SECRET: [SECRET],
    PERSONA_API_URL: fake.apiUrl,
    PERSONA_FLOW_URL: fake.flowUrl,
  });
});

afterAll(async () => {
  Object.assign(getEnv(), saved);
  await fake.close();
});

async function statusOf(userId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select({ status: users.identityStatus }).from(users).where(eq(users.id, userId));
  return row?.status;
}

describe("profile-persona-verification with Persona", () => {
  it("starts in Persona's hosted flow, comes back Pending, and shows the refusal with Persona's reason", async () => {
    const me = await loggedInUser();
    const started = await page.action(postTo(PAGE, me.cookie, { intent: "start" }));
    expect(started).toMatchObject({ status: 302 });
    const flow = new URL(started.location as string);
    expect(`${flow.origin}${flow.pathname}`).toBe(fake.flowUrl);
    const inquiryId = flow.searchParams.get("inquiry-id") as string;

    // Persona sends the browser back with the inquiry's id: nothing is recorded from it.
    const back = await page.loader(`${PAGE}?inquiry-id=${inquiryId}&status=completed`, me.cookie);
    expect(back).toMatchObject({
      status: 302,
      location: PAGE,
      toast: {
        type: "info",
        description: "Thank you. We will tell you as soon as your identity check has a result.",
      },
    });
    expect((await page.loader(PAGE, me.cookie)).data).toMatchObject({
      identityStatus: "pending",
      identityReason: null,
    });

    const declined = fake.event(inquiryId, "inquiry.declined", { failedChecks: ["id_expired"] });
    const request = new Request("http://localhost/webhooks/identity", {
      method: "POST",
      headers: declined.headers,
      body: declined.body,
    });
    expect((await identityWebhook({ request, params: {}, context: {} })).status).toBe(200);
    await expect.poll(() => statusOf(me.user.id), { timeout: 15_000, interval: 100 }).toBe("failed");
    expect((await page.loader(PAGE, me.cookie)).data).toMatchObject({
      identityStatus: "failed",
      identityReason: "Persona could not verify: id expired.",
    });
  });
});
