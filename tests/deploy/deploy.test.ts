/**
 * `npm run test:deploy`: the shipped deploy/nginx.conf in front of two app instances on one PostgreSQL database
 * (tests/deploy/stack.ts), checked through https as a browser, a renter's phone and the payment provider reach it
 * (docs/deploy.md, "Deploying"; ADR 0057). Two instances cannot share the embedded database, so without
 * TEST_DATABASE_URL it is skipped, saying so.
 */
import { randomBytes } from "node:crypto";
import https from "node:https";
import autocannon from "autocannon";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInManila } from "~/domain/dates";
import type { Env } from "~/env.server";
import { paymentEventBody } from "~/infra/payments/events.server";
import { sandboxWebhookSecret } from "~/infra/payments/sandbox.server";
import { PAYMONGO_SIGNATURE, signWebhook } from "~/infra/webhooks.server";
import {
  type Answer,
  answeredBy,
  api,
  ORIGIN,
  PORTS,
  request,
  SESSION_SECRET,
  type Stack,
  sessionCookie,
  startStack,
} from "./stack";

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  console.warn(
    "[deploy] skipped: TEST_DATABASE_URL is not set. Two app instances behind nginx need one PostgreSQL database " +
      "(the embedded one belongs to one process); set TEST_DATABASE_URL to a PostgreSQL server's database to run it.",
  );

/** What the test prints as it goes, so a CI log says what was checked. */
const say = (line: string) => console.info(`[deploy] ${line}`);

type Person = { email: string; password: string; cookie: string; userId: string; firstName: string };

describe.skipIf(!serverUrl)("nginx in front of two instances on one PostgreSQL database", () => {
  let stack: Stack;
  let db: pg.Pool;
  let host: Person;
  let renter: Person;
  let spaceId: string;
  let conversationId: string;
  const [portA, portB] = PORTS.apps as [number, number];

  const signUp = async (firstName: string): Promise<Person & { answer: Answer }> => {
    const email = `${firstName.toLowerCase()}-${randomBytes(4).toString("hex")}@example.ph`;
    const password = "correct-horse-1";
    const answer = await api<{ userId: string }>("POST", "/user/userSignup", {
      body: {
        firstName,
        middleName: "",
        lastName: "Santos",
        suffix: "",
        nickName: firstName,
        email,
        phoneNumber: "09171234567",
        password,
        confirmPassword: password,
        interested: "renter",
        dob: "1990-05-17",
        acceptTerms: true,
      },
    });
    expect(answer.status, answer.body).toBe(200);
    return {
      email,
      password,
      cookie: sessionCookie(answer),
      userId: answer.json.result.userId,
      firstName,
      answer,
    };
  };

  /** A GET that needs a session: 200 while it lasts, 401 once it has ended. */
  const chatList = (person: Pick<Person, "cookie" | "userId">) =>
    api("GET", `/user/userChatList?userId=${person.userId}`, { cookie: person.cookie });

  /** Asks until an answer comes from `port` (nginx takes the instances in turn); that answer. */
  const onInstance = async (port: number, ask: () => Promise<Answer>): Promise<Answer> => {
    for (let i = 0; i < 8; i++) {
      const answer = await ask();
      if (answeredBy(answer) === port) return answer;
    }
    throw new Error(`no answer came from the instance on ${port} in 8 requests`);
  };

  beforeAll(async () => {
    say(
      `starting nginx (https ${PORTS.https}) in front of instances on ${portA} and ${portB}, both at once on an empty database`,
    );
    stack = await startStack(serverUrl as string);
    db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  }, 240_000);

  afterAll(async () => {
    await db?.end();
    await stack?.close();
  }, 60_000);

  it("both instances, started at once on an empty database, applied each migration once", async () => {
    say("both instances migrated the empty database once (advisory lock in app/db/client.server.ts)");
    const journal = (await import("../../drizzle/meta/_journal.json", { with: { type: "json" } }))
      .default as {
      entries: unknown[];
    };
    const { rows } = await db.query<{ n: number; distinct: number }>(
      "select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
    );
    expect(rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
    const cities = await db.query<{ n: number }>(
      "select count(*)::int as n from cities where slug = 'makati'",
    );
    expect(cities.rows[0]?.n).toBe(1);
  });

  it("a person signed up on one instance is logged in on the other; logging out ends it on both", async () => {
    say("sign up on one instance, still logged in on the other; logout ends both");
    const signedUp = await signUp("Maria");
    renter = signedUp;
    const first = answeredBy(signedUp.answer);
    expect([portA, portB]).toContain(first);
    const other = first === portA ? portB : portA;
    const there = await onInstance(other, () => chatList(renter));
    expect(there.status).toBe(200);
    const back = await onInstance(first, () => chatList(renter));
    expect(back.status).toBe(200);

    const out = await api("POST", "/user/logout", { cookie: renter.cookie });
    expect(out.status).toBe(200);
    for (const port of [portA, portB]) {
      const after = await onInstance(port, () => chatList(renter));
      expect(after.status, `after logout, instance ${port}`).toBe(401);
    }
    const again = await api("POST", "/user/login", {
      body: { email: renter.email, password: renter.password },
    });
    expect(again.status, again.body).toBe(200);
    renter.cookie = sessionCookie(again);
    host = await signUp("Hernan");
  });

  it("a message sent through one instance reaches the other side's live-update stream on the other within a second", async () => {
    say("a message through one instance reaches the host's event stream on the other within 1 s");
    const { rows } = await db.query<{ id: string }>(
      `insert into spaces (host_id, status, storage_type, kind, space_title, address_line1, city_id, barangay, province,
         latitude, longitude, entire_space, units_available, rental_durations, monthly_price, deposit_required, published_at)
       values ($1, 'active', 'storage', 'spareRoom', 'Dry storage room in Makati', '4521 Chino Roces Avenue',
         (select id from cities where slug = 'makati'), 'San Lorenzo', 'Metro Manila', 14.554729, 121.024445, true, 1,
         '{1_month,3_months,6_months}', 300000, true, now())
       returning id`,
      [host.userId],
    );
    spaceId = (rows[0] as { id: string }).id;

    const stream = await openStream(host.cookie);
    try {
      const streamPort = stream.port;
      expect([portA, portB]).toContain(streamPort);
      say(`the host's stream is open on ${streamPort}`);
      let delivered = false;
      for (let attempt = 0; attempt < 4 && !delivered; attempt++) {
        const sentAt = performance.now();
        const heard = stream.next("changed", 5_000);
        const sent = await api<{ conversationId: string }>("POST", "/user/sendMessage", {
          cookie: renter.cookie,
          body: conversationId
            ? { conversationId, message: "Is it dry?" }
            : { spaceId, message: "Is it dry?" },
        });
        expect(sent.status, sent.body).toBe(200);
        conversationId = sent.json.result.conversationId;
        const event = await heard;
        const ms = performance.now() - sentAt;
        expect(event.data).toMatch(/^messages:/);
        if (answeredBy(sent) !== streamPort) {
          say(`sent through ${answeredBy(sent)}, heard on ${streamPort} after ${Math.round(ms)} ms`);
          expect(ms).toBeLessThan(1_000);
          delivered = true;
        }
      }
      expect(delivered).toBe(true);
    } finally {
      stream.close();
    }
  });

  it("a payment webhook through the proxy settles the booking once", async () => {
    say(
      "a signed payment webhook through nginx settles a booking once; the same event again changes nothing",
    );
    const booked = await api<{ bookingId: string; price: { due: number } }>("POST", "/reserve/BookSpace", {
      cookie: renter.cookie,
      body: {
        spaceId,
        duration: "3_months",
        startDate: addDays(todayInManila(), 10),
        paymentMethod: "gcash",
      },
    });
    expect(booked.status, booked.body).toBe(200);
    const { bookingId, price } = booked.json.result;
    const checkout = await api<{ paymentId: string }>("POST", "/reserve/payBooking", {
      cookie: renter.cookie,
      body: { bookingId },
    });
    expect(checkout.status, checkout.body).toBe(200);
    const { rows } = await db.query<{ id: string; checkout_reference: string }>(
      "select id, checkout_reference from payments where id = $1",
      [checkout.json.result.paymentId],
    );
    const payment = rows[0] as { id: string; checkout_reference: string };
    const body = paymentEventBody(
      `evt_deploy_${randomBytes(6).toString("hex")}`,
      "checkout_session.payment.paid",
      {
        id: payment.checkout_reference,
        type: "checkout_session",
        attributes: {
          reference_number: payment.id,
          payments: [
            {
              id: `pay_${randomBytes(6).toString("hex")}`,
              attributes: { amount: price.due, status: "paid", source: { type: "gcash" } },
            },
          ],
        },
      },
    );
    const secret = sandboxWebhookSecret({ SESSION_SECRET } as Env);
    const post = () =>
      request("POST", "/webhooks/payments", {
        body,
        headers: {
          "Content-Type": "application/json",
          [PAYMONGO_SIGNATURE.header]: signWebhook(body, secret, undefined, PAYMONGO_SIGNATURE),
        },
      });
    const received = await post();
    expect([received.status, received.body]).toEqual([200, "Received."]);
    await expect
      .poll(
        async () =>
          (await db.query("select state, paid::int as paid from bookings where id = $1", [bookingId]))
            .rows[0],
        {
          timeout: 30_000,
          interval: 200,
        },
      )
      .toEqual({ state: "requested", paid: price.due });
    const replay = await post();
    expect([replay.status, replay.body]).toEqual([200, "Already received."]);
    const settled = await db.query<{ n: number }>(
      "select count(*)::int as n from payments where booking_id = $1 and state = 'paid'",
      [bookingId],
    );
    expect(settled.rows[0]?.n).toBe(1);
    const [row] = (await db.query("select paid::int as paid from bookings where id = $1", [bookingId])).rows;
    expect(row).toEqual({ paid: price.due });
  });

  it("rate limits count the real client, whatever X-Forwarded-For the client sends", async () => {
    say("login lockout counts the client's own address (127.0.0.2), not the X-Forwarded-For it wrote");
    const wrong = (from: string, forged?: string) =>
      api("POST", "/user/login", {
        from,
        body: { email: host.email, password: "not-the-password" },
        headers: forged ? { "X-Forwarded-For": forged } : {},
      });
    for (let i = 0; i < 5; i++) expect((await wrong("127.0.0.2", `198.51.100.${i + 1}`)).status).toBe(400);
    const locked = await wrong("127.0.0.2", "198.51.100.99");
    expect(locked.status, locked.body).toBe(429);
    expect((await wrong("127.0.0.3")).status).toBe(400);
    const { rows } = await db.query<{ address: string }>(
      "select distinct address from login_failures where email = $1 order by address",
      [host.email],
    );
    expect(rows.map((row) => row.address)).toEqual(["127.0.0.2", "127.0.0.3"]);
  });

  it("the development inboxes answer 404 through the proxy", async () => {
    say("/dev/mail and /dev/sms answer 404");
    for (const path of ["/dev/mail", "/dev/sms"]) expect((await request("GET", path)).status, path).toBe(404);
  });

  let listingShows: Promise<{ seconds: number; answers: string[] }> | undefined;

  it("a visitor's second page comes from nginx's cache; a logged-in page never does", async () => {
    say(
      "a visitor's page is kept by nginx (X-Cache-Status: HIT); a logged-in one never; no kept answer sets a cookie",
    );
    const visit = (path: string, cookie?: string) => request("GET", path, { cookie });
    const entryCookie = (answer: Answer) => {
      const cookies = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
      const entry = cookies.find((cookie) => cookie.startsWith("ss_entry="));
      if (!entry) throw new Error("a first visit got no entry cookie");
      return entry.split(";")[0] as string;
    };
    // A first visit reaches the app: its answer sets the visitor's entry cookie.
    const firstOfOne = await visit("/");
    expect(firstOfOne.status).toBe(200);
    expect(firstOfOne.headers["x-cache-status"]).toBe("BYPASS");
    const one = entryCookie(firstOfOne);
    await visit("/", one);

    const firstOfOther = await visit("/");
    const other = entryCookie(firstOfOther);
    const second = await visit("/", other);
    expect(second.status).toBe(200);
    expect(second.headers["x-cache-status"]).toBe("HIT");
    expect(second.headers["set-cookie"]).toBeUndefined();
    expect(second.headers["cache-control"]).toContain("s-maxage=60");

    const loggedIn = await visit("/", `${other}; ${host.cookie}`);
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.headers["x-cache-status"]).toBe("BYPASS");
    expect(loggedIn.headers["cache-control"]).toMatch(/private|no-store/);
    expect(loggedIn.body).toContain(host.firstName);
    const afterwards = await visit("/", other);
    expect(afterwards.headers["x-cache-status"]).toBe("HIT");
    // The visitor gets the kept visitor's page, byte for byte, never the logged-in one. (The host's first name alone
    // proves nothing: visitors' cards show it beside the host's listing.)
    expect(afterwards.body).toBe(second.body);
    expect(afterwards.body).not.toBe(loggedIn.body);

    // A new listing, while the search page is kept: it shows within what the page's Cache-Control allows
    // (s-maxage=60, then one request that serves the kept copy while nginx fetches a new one).
    const search = "/search-space?storageType=storage&city=makati";
    await visit(search, other);
    expect((await visit(search, other)).headers["x-cache-status"]).toBe("HIT");
    const title = `Deploy check storage ${randomBytes(3).toString("hex")}`;
    await db.query("update spaces set space_title = $1, updated_at = now() where id = $2", [title, spaceId]);
    const changedAt = performance.now();
    const kept = await visit(search, other);
    expect(kept.headers["x-cache-status"]).toBe("HIT");
    expect(kept.body).not.toContain(title);
    listingShows = (async () => {
      const answers: string[] = [];
      while (performance.now() - changedAt < 90_000) {
        const answer = await visit(search, other);
        answers.push(String(answer.headers["x-cache-status"]));
        if (answer.body.includes(title)) return { seconds: (performance.now() - changedAt) / 1000, answers };
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      throw new Error(
        `the changed listing did not show on the kept search page in 90 s (${answers.join(" ")})`,
      );
    })();
    listingShows.catch(() => {});
  });

  it("stopping one instance under load loses no GET and no acknowledged write", async () => {
    say(
      "SIGTERM to one instance under load: every GET answered, every acknowledged message stored, its stream ended",
    );
    const [stopping, staying] = stack.instances as [(typeof stack.instances)[0], (typeof stack.instances)[0]];
    // A stream on the instance that stops: it must be ended by it, cleanly.
    const stream = await openStreamOn(stopping.port, host.cookie);

    const load = autocannon({
      url: `${ORIGIN}/api/user/userChatList?userId=${renter.userId}`,
      connections: 10,
      pipelining: 1,
      duration: 7,
      headers: { Cookie: renter.cookie },
    });
    const acknowledged: number[] = [];
    const refused: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing && i < 20; i++) {
        try {
          const sent = await api<{ messageId: number }>("POST", "/user/sendMessage", {
            cookie: host.cookie,
            body: { conversationId, message: `Yes, it is dry (${i}).` },
          });
          if (sent.status === 200) acknowledged.push(sent.json.result.messageId);
          else refused.push(`${sent.status} ${sent.json.responseMessage}`);
        } catch (error) {
          refused.push((error as Error).message);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    say(`SIGTERM to the instance on ${stopping.port}`);
    const code = await stack.stopInstance(stopping);
    const streamEnd = await stream.ended;
    const result = await load;
    writing = false;
    await writer;

    say(
      `load: ${result.requests.total} GETs, ${result.non2xx} not 2xx, ${result.errors} errors, ${result.timeouts} timeouts; ` +
        `messages: ${acknowledged.length} acknowledged, ${refused.length} not (${refused.join("; ") || "none"})`,
    );
    expect(code).toBe(0);
    expect(streamEnd).toBe("ended");
    expect(result.requests.total).toBeGreaterThan(0);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(0);
    const { rows } = await db.query<{ id: number }>(
      "select id::int as id from messages where id = any($1::bigint[])",
      [acknowledged],
    );
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
    expect((await chatList(renter)).status).toBe(200);
    expect(staying.child.exitCode).toBeNull();
  }, 60_000);

  it("a changed listing shows on the visitor's kept page within the time its Cache-Control allows", async () => {
    if (!listingShows) throw new Error("the cache check did not run");
    const { seconds, answers } = await listingShows;
    say(
      `the changed listing showed on the kept search page after ${seconds.toFixed(1)} s (${answers.join(" ")})`,
    );
    // Kept 60 s (s-maxage=60, counted from when the copy was stored, just before the change); then one request is
    // served the kept copy while nginx fetches the new one in the background, and the next poll (2 s apart) sees it.
    // The margin is for the polls' own time on a busy machine: a copy kept for the whole stale-while-revalidate
    // (600 s) would be far past it.
    expect(seconds).toBeLessThan(60 + 15);
  }, 100_000);
});

type StreamEvent = { event: string; data: string };
type Stream = {
  port: number;
  next(event: string, timeoutMs: number): Promise<StreamEvent>;
  ended: Promise<"ended" | "error">;
  close(): void;
};

/** Opens the live-update stream through nginx; resolves once its headers came. */
function openStream(cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port: PORTS.https,
        path: "/messages/events",
        headers: { Host: `localhost:${PORTS.https}`, Cookie: cookie, Accept: "text/event-stream" },
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`the event stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        const waiting: { event: string; resolve: (event: StreamEvent) => void }[] = [];
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: StreamEvent = { event: "message", data: "" };
            for (const line of block.split("\n")) {
              if (line.startsWith("event:")) event.event = line.slice(6).trim();
              if (line.startsWith("data:")) event.data += line.slice(5).trim();
            }
            const at = waiting.findIndex((wait) => wait.event === event.event);
            if (at >= 0) waiting.splice(at, 1)[0]?.resolve(event);
            end = buffer.indexOf("\n\n");
          }
        });
        const ended = new Promise<"ended" | "error">((done) => {
          res.on("end", () => done("ended"));
          res.on("error", () => done("error"));
          req.on("error", () => done("error"));
        });
        resolve({
          port: answeredBy({ status: 200, headers: res.headers, body: "" }),
          next: (event, timeoutMs) =>
            new Promise((resolveEvent, rejectEvent) => {
              const timer = setTimeout(
                () => rejectEvent(new Error(`no "${event}" event in ${timeoutMs} ms`)),
                timeoutMs,
              );
              waiting.push({
                event,
                resolve: (found) => {
                  clearTimeout(timer);
                  resolveEvent(found);
                },
              });
            }),
          ended,
          close: () => req.destroy(),
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Opens streams through nginx until one lands on the instance on `port`; the others are closed. */
async function openStreamOn(port: number, cookie: string): Promise<Stream> {
  for (let i = 0; i < 8; i++) {
    const stream = await openStream(cookie);
    if (stream.port === port) return stream;
    stream.close();
  }
  throw new Error(`no event stream landed on the instance on ${port}`);
}
