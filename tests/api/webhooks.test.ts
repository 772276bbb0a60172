import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { webhookEvents } from "~/db/schema";
import { defineQueue, registerQueues, startJobs } from "~/infra/jobs.server";
import { receiveWebhook, SIGNATURE_HEADER, signWebhook, TOLERANCE_SECONDS } from "~/infra/webhooks.server";

/**
 * The webhook rules on a real database: signature first, each event id once, the work in a job. The provider and
 * its queue exist only here; the payment webhook will pass its own to the same helper.
 */
type Paid = { paymentId: string };
const done = new Map<string, number>();
const paid = defineQueue<Paid>("test-payment-paid", async ({ paymentId }) => {
  done.set(paymentId, (done.get(paymentId) ?? 0) + 1);
});
const SECRET = "whsec_test_webhooks";
const options = {
  source: "test-provider",
  secrets: [SECRET],
  queue: paid,
  parse(body: string) {
    const event = JSON.parse(body) as { id?: unknown; paymentId?: unknown };
    if (typeof event.id !== "string" || typeof event.paymentId !== "string") throw new Error("not an event");
    return { eventId: event.id, work: { paymentId: event.paymentId } };
  },
};

beforeAll(async () => {
  registerQueues([paid]);
  await startJobs();
});

function delivery(body: string, signature = signWebhook(body, SECRET), method = "POST") {
  return new Request("http://localhost:3000/webhooks/test", {
    method,
    headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: signature },
    body: method === "POST" ? body : undefined,
  });
}

async function receive(request: Request) {
  const response = await receiveWebhook(request, options);
  return { status: response.status, text: await response.text(), type: response.headers.get("Content-Type") };
}

async function rowsFor(eventId: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.source, "test-provider"), eq(webhookEvents.eventId, eventId)));
}

async function jobsFor(paymentId: string) {
  const boss = await startJobs();
  return boss.findJobs<Paid>(paid.name, { data: { paymentId } });
}

describe("receiveWebhook", () => {
  it("takes a signed event once: answers 200 in plain text, records the id and hands the work to a job", async () => {
    const event = { id: `evt_${randomUUID()}`, paymentId: randomUUID() };
    const body = JSON.stringify(event);
    expect(await receive(delivery(body))).toEqual({
      status: 200,
      text: "Received.",
      type: "text/plain; charset=utf-8",
    });
    expect(await rowsFor(event.id)).toHaveLength(1);
    await expect.poll(() => done.get(event.paymentId), { timeout: 15_000, interval: 100 }).toBe(1);

    // The provider retries (signed anew): 200, and nothing more happens.
    expect(await receive(delivery(body))).toMatchObject({ status: 200, text: "Already received." });
    expect(await rowsFor(event.id)).toHaveLength(1);
    expect(await jobsFor(event.paymentId)).toHaveLength(1);
  });

  it("refuses a body whose signature does not match before reading it as an event", async () => {
    const event = { id: `evt_${randomUUID()}`, paymentId: randomUUID() };
    const body = JSON.stringify(event);
    const forged = signWebhook(body, "whsec_guessed");
    expect(await receive(delivery(body, forged))).toEqual({
      status: 401,
      text: "Refused: signature does not match.",
      type: "text/plain; charset=utf-8",
    });
    const tampered = delivery(
      JSON.stringify({ ...event, paymentId: "someone-else" }),
      signWebhook(body, SECRET),
    );
    expect((await receive(tampered)).status).toBe(401);
    expect(await rowsFor(event.id)).toHaveLength(0);
  });

  it("refuses a replay of a captured delivery once its timestamp is out of tolerance", async () => {
    const event = { id: `evt_${randomUUID()}`, paymentId: randomUUID() };
    const body = JSON.stringify(event);
    const old = signWebhook(body, SECRET, Math.floor(Date.now() / 1000) - TOLERANCE_SECONDS - 60);
    expect(await receive(delivery(body, old))).toMatchObject({
      status: 401,
      text: "Refused: timestamp out of tolerance.",
    });
    expect(await rowsFor(event.id)).toHaveLength(0);
  });

  it("answers 400 to a signed body that is not an event, and 405 to anything but POST", async () => {
    expect(await receive(delivery("not json"))).toMatchObject({
      status: 400,
      text: "Not an event we understand.",
    });
    expect(await receive(delivery(JSON.stringify({ id: 7 })))).toMatchObject({ status: 400 });
    expect(await receive(delivery("", signWebhook("", SECRET), "GET"))).toMatchObject({ status: 405 });
  });
});
