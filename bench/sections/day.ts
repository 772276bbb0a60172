/**
 * `npm run bench -- --only day`: a day on the deployment of docs/deploy.md, on this machine. nginx with the shipped
 * deploy/nginx.conf in front of two instances on one PostgreSQL database (tests/deploy/stack.ts, the stack
 * `npm run test:deploy` checks) holding `--spaces` generated listings (bench/search.ts's seed). First the yardsticks:
 * nginx's own rate for a built file, a visitor's kept page, and the search page uncached (logged in, many different
 * searches) at 20 connections. Then, for `--duration` seconds (60 unless set), a bounded mix at once: visitors
 * browsing kept pages, logged-in people searching, renters booking and paying through the sandbox's signed webhook,
 * the host approving, and both sides chatting. Prints p50/p99 per step and every error.
 */
import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import https from "node:https";
import path from "node:path";
import pg from "pg";
import {
  type Answer,
  api,
  ORIGIN,
  request,
  SESSION_SECRET,
  sessionCookie,
  startStack,
} from "../../tests/deploy/stack.ts";
import { drive, type LoadFigures } from "../load.ts";
import type { Options } from "../options.ts";
import { ROOT, round, SEARCH_PAGE, sleep } from "../shared.ts";
import { createPostgresDatabase, postgresSkipReason, runWorker } from "../workers.ts";

const CONNECTIONS = 20;
const DAY_DEFAULT_SECONDS = 60;
/** Goals (bench/README.md, "day"): a kept page at half nginx's static rate or more, the uncached search page's p99. */
const CACHED_SHARE_TARGET = 0.5;
const SEARCH_P99_TARGET_MS = 150;

export type StepFigures = { count: number; errors: number; p50Ms: number; p99Ms: number };
export type DayResult = {
  spaces: number;
  durationSeconds: number;
  staticFile: LoadFigures;
  cachedVisitorPage: LoadFigures & { shareOfStatic: number; status: string };
  uncachedSearchPage: LoadFigures & { status: string };
  uncachedDifferentSearches: LoadFigures;
  steps: Record<string, StepFigures>;
  errors: string[];
};

const agent = new https.Agent({ keepAlive: true, maxSockets: 64, rejectUnauthorized: false });

/** Each step's times and errors, by name. */
class Steps {
  times = new Map<string, number[]>();
  failures = new Map<string, number>();
  errors: string[] = [];
  async time<T>(name: string, work: () => Promise<T>, ok: (value: T) => boolean): Promise<T | undefined> {
    const start = performance.now();
    try {
      const value = await work();
      if (!ok(value)) throw new Error(whatCame(value));
      const list = this.times.get(name) ?? [];
      list.push(performance.now() - start);
      this.times.set(name, list);
      return value;
    } catch (error) {
      this.failures.set(name, (this.failures.get(name) ?? 0) + 1);
      if (this.errors.length < 20) this.errors.push(`${name}: ${(error as Error).message}`);
      return undefined;
    }
  }
  figures(): Record<string, StepFigures> {
    const names = new Set([...this.times.keys(), ...this.failures.keys()]);
    return Object.fromEntries(
      [...names].map((name) => {
        const sorted = [...(this.times.get(name) ?? [])].sort((a, b) => a - b);
        const at = (q: number) =>
          round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0, 1);
        return [
          name,
          { count: sorted.length, errors: this.failures.get(name) ?? 0, p50Ms: at(0.5), p99Ms: at(0.99) },
        ];
      }),
    );
  }
}

function whatCame(value: unknown): string {
  const answer = value as Partial<Answer>;
  return `answered ${answer.status}: ${String(answer.body ?? "").slice(0, 160)}`;
}

const ok2xx = (answer: Answer) => answer.status >= 200 && answer.status < 300;

export async function benchmarkDay(options: Options): Promise<DayResult | undefined> {
  const skip = postgresSkipReason();
  if (skip) {
    console.log(`Day: skipped (${skip})`);
    return undefined;
  }
  const server = await createPostgresDatabase();
  if (!server) {
    console.log("Day: skipped (no PostgreSQL server answers)");
    return undefined;
  }
  // Only its server is used: the stack makes (and drops) a database of its own there.
  const serverUrl = server.url;
  const duration = options.durationGiven ? options.duration : DAY_DEFAULT_SECONDS;
  console.log(`Day: ${options.spaces} listings, nginx in front of two instances on PostgreSQL ...`);
  const stack = await startStack(serverUrl, {
    prepare: async (databaseUrl, dataDir) => {
      await runWorker(
        [
          "bench/search.ts",
          JSON.stringify({
            database: { kind: "postgres", url: databaseUrl },
            spaces: options.spaces,
            runs: 1,
            resultFile: path.join(dataDir, "..", "search.json"),
          }),
        ],
        { env: { DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "" } },
      );
    },
  });
  const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  try {
    const steps = new Steps();
    const signUp = async (firstName: string, from: string) => {
      const email = `${firstName.toLowerCase()}-${randomBytes(4).toString("hex")}@example.ph`;
      const answer = await api<{ userId: string }>("POST", "/user/userSignup", {
        from,
        body: {
          firstName,
          middleName: "",
          lastName: "Santos",
          suffix: "",
          nickName: firstName,
          email,
          phoneNumber: "09171234567",
          password: "correct-horse-1",
          confirmPassword: "correct-horse-1",
          interested: "renter",
          dob: "1990-05-17",
          acceptTerms: true,
        },
      });
      if (answer.status !== 200)
        throw new Error(`sign-up answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      return { cookie: sessionCookie(answer), userId: answer.json.result.userId };
    };
    const host = await signUp("Hernan", "127.0.0.11");
    const renters = [await signUp("Maria", "127.0.0.12"), await signUp("Ria", "127.0.0.13")];
    const searcher = await signUp("Sam", "127.0.0.14");
    // The host's own listings, one per booking, so that bookings never wait for each other's units.
    const { rows: listings } = await db.query<{ id: string }>(
      `insert into spaces (host_id, status, storage_type, kind, space_title, address_line1, city_id, barangay, province,
         latitude, longitude, entire_space, units_available, rental_durations, monthly_price, deposit_required, published_at)
       select $1, 'active', 'storage', 'spareRoom', 'Bench storage room ' || n, '4521 Chino Roces Avenue',
         (select id from cities where slug = 'makati'), 'San Lorenzo', 'Metro Manila', 14.554729, 121.024445, true, 1,
         '{1_month,3_months,6_months}', 300000, true, now()
       from generate_series(1, 200) as n
       returning id`,
      [host.userId],
    );
    const first = await request("GET", "/", { agent });
    const entry = ([] as string[])
      .concat(first.headers["set-cookie"] ?? [])
      .find((cookie) => cookie.startsWith("ss_entry="))
      ?.split(";")[0];
    if (!entry) throw new Error("the home page set no entry cookie");

    // Yardsticks.
    const css = readdirSync(path.join(ROOT, "public/build/_assets")).find((file) => file.endsWith(".css"));
    const staticPath = `/build/_assets/${css}`;
    console.log(`  nginx's static rate: ${staticPath}, ${CONNECTIONS} connections, 10 s ...`);
    const staticFile = await drive(
      ORIGIN + staticPath,
      { path: staticPath, kind: "static" },
      {
        duration: 10,
        connections: CONNECTIONS,
      },
    );
    await request("GET", "/", { cookie: entry, agent });
    console.log(`  a visitor's kept home page (ss_entry, no session), ${CONNECTIONS} connections, 10 s ...`);
    const cached = await drive(
      ORIGIN,
      { path: "/", kind: "html", headers: { Cookie: entry } },
      {
        duration: 10,
        connections: CONNECTIONS,
      },
    );
    const searches = manySearches(400);
    console.log(`  the search page uncached by nginx (logged in), ${CONNECTIONS} connections, 10 s ...`);
    const uncached = await drive(
      ORIGIN + SEARCH_PAGE,
      { path: SEARCH_PAGE, kind: "html", headers: { Cookie: searcher.cookie } },
      { duration: 10, connections: CONNECTIONS },
    );
    console.log(
      `  ${searches.length} different searches in turn (logged in), ${CONNECTIONS} connections, 10 s ...`,
    );
    const different = await drive(
      ORIGIN + searches[0],
      { path: searches[0] as string, kind: "html", headers: { Cookie: searcher.cookie } },
      { duration: 10, connections: CONNECTIONS, paths: searches },
    );
    const share = cached.requestsPerSecond / staticFile.requestsPerSecond;

    // The mix.
    console.log(`  the day's mix for ${duration} s ...`);
    const until = performance.now() + duration * 1000;
    const running = () => performance.now() < until;
    let nextListing = 0;
    const secret = Buffer.from(
      hkdfSync("sha256", SESSION_SECRET, "", "space-solution payment-sandbox webhook", 32),
    ).toString("hex");
    const visitor = async (i: number) => {
      const pages = ["/", SEARCH_PAGE, "/storage", searches[i % searches.length] as string];
      for (let n = 0; running(); n++)
        await steps.time(
          "visitor: a kept page",
          () => request("GET", pages[n % pages.length] as string, { cookie: entry, agent }),
          ok2xx,
        );
    };
    const searching = async (i: number) => {
      for (let n = i * 37; running(); n++)
        await steps.time(
          "logged in: a search page",
          () => request("GET", searches[n % searches.length] as string, { cookie: searcher.cookie, agent }),
          ok2xx,
        );
    };
    const renting = async (renter: { cookie: string; userId: string }) => {
      while (running()) {
        const spaceId = listings[nextListing++ % listings.length]?.id as string;
        const started = performance.now();
        const booked = await steps.time(
          "renter: book",
          () =>
            api<{ bookingId: string; price: { due: number } }>("POST", "/reserve/BookSpace", {
              cookie: renter.cookie,
              agent,
              body: { spaceId, duration: "3_months", startDate: inTenDays(), paymentMethod: "gcash" },
            }),
          ok2xx,
        );
        if (!booked) continue;
        const { bookingId, price } = booked.json.result;
        const checkout = await steps.time(
          "renter: open the checkout",
          () =>
            api<{ paymentId: string }>("POST", "/reserve/payBooking", {
              cookie: renter.cookie,
              agent,
              body: { bookingId },
            }),
          ok2xx,
        );
        if (!checkout) continue;
        const { rows } = await db.query<{ checkout_reference: string }>(
          "select checkout_reference from payments where id = $1",
          [checkout.json.result.paymentId],
        );
        const body = JSON.stringify({
          data: {
            id: `evt_day_${randomBytes(6).toString("hex")}`,
            type: "event",
            attributes: {
              type: "checkout_session.payment.paid",
              livemode: false,
              created_at: Math.floor(Date.now() / 1000),
              data: {
                id: rows[0]?.checkout_reference,
                type: "checkout_session",
                attributes: {
                  reference_number: checkout.json.result.paymentId,
                  payments: [
                    {
                      id: `pay_${randomBytes(6).toString("hex")}`,
                      attributes: { amount: price.due, status: "paid", source: { type: "gcash" } },
                    },
                  ],
                },
              },
            },
          },
        });
        const at = Math.floor(Date.now() / 1000);
        const signature = `t=${at},te=${createHmac("sha256", secret).update(`${at}.${body}`).digest("hex")},li=`;
        await steps.time(
          "provider: payment webhook",
          () =>
            request("POST", "/webhooks/payments", {
              agent,
              body,
              headers: { "Content-Type": "application/json", "Paymongo-Signature": signature },
            }),
          (answer) => answer.status === 200 && answer.body === "Received.",
        );
        await steps.time(
          "payment settled (webhook to booking requested)",
          async () => {
            for (let tries = 0; tries < 100; tries++) {
              const state = await db.query<{ state: string }>("select state from bookings where id = $1", [
                bookingId,
              ]);
              if (state.rows[0]?.state === "requested") return true;
              await sleep(50);
            }
            return false;
          },
          (settled) => settled,
        );
        await steps.time(
          "host: approve",
          () =>
            api("POST", "/reserve/approveBooking", {
              cookie: host.cookie,
              agent,
              body: { bookingId, ownerId: host.userId, autoAcceptExtension: false, type: "storage" },
            }),
          ok2xx,
        );
        const asked = await steps.time(
          "renter: send a message",
          () =>
            api<{ conversationId: string }>("POST", "/user/sendMessage", {
              cookie: renter.cookie,
              agent,
              body: { spaceId, message: "When can I move my boxes in?" },
            }),
          ok2xx,
        );
        if (asked)
          await steps.time(
            "host: answer",
            () =>
              api("POST", "/user/sendMessage", {
                cookie: host.cookie,
                agent,
                body: { conversationId: asked.json.result.conversationId, message: "Any day from 8 to 5." },
              }),
            ok2xx,
          );
        // A renter's pace, not a machine's: the limits on messages (per person, an hour) are for people.
        await sleep(Math.max(0, 3_000 - (performance.now() - started)));
      }
    };
    await Promise.all([...[0, 1, 2, 3].map(visitor), ...[0, 1].map(searching), ...renters.map(renting)]);

    const result: DayResult = {
      spaces: options.spaces,
      durationSeconds: duration,
      staticFile,
      cachedVisitorPage: {
        ...cached,
        shareOfStatic: round(share, 2),
        status: share >= CACHED_SHARE_TARGET ? "within target" : "OFF target",
      },
      uncachedSearchPage: {
        ...uncached,
        status: uncached.latencyP99Ms <= SEARCH_P99_TARGET_MS ? "within target" : "OFF target",
      },
      uncachedDifferentSearches: different,
      steps: steps.figures(),
      errors: steps.errors,
    };
    printDay(result);
    return result;
  } finally {
    await db.end();
    await stack.close();
    await server.drop();
  }
}

function inTenDays(): string {
  // Manila's date (UTC+8, no daylight saving) ten days on.
  return new Date(Date.now() + 8 * 3600_000 + 10 * 86400_000).toISOString().slice(0, 10);
}

/** Storage searches in the generated cities' shapes: different pages and orders, so nginx keeps none. */
function manySearches(count: number): string[] {
  const cities = [
    "makati",
    "taguig",
    "quezon-city",
    "manila",
    "pasig",
    "mandaluyong",
    "cebu-city",
    "davao-city",
  ];
  const paths: string[] = [];
  for (let i = 0; paths.length < count; i++) {
    const params = new URLSearchParams({ storageType: "storage", city: cities[i % cities.length] as string });
    const sort = [undefined, "priceAsc", "priceDesc", "newest"][Math.floor(i / cities.length) % 4];
    if (sort) params.set("sort", sort);
    const page = 1 + (Math.floor(i / (cities.length * 4)) % 12);
    if (page > 1) params.set("page", String(page));
    paths.push(`/search-space?${params}`);
  }
  return [...new Set(paths)];
}

export function printDay(day: DayResult): void {
  console.log("");
  console.log(
    `Day (${day.spaces} listings, nginx + 2 instances on PostgreSQL, ${day.durationSeconds} s mix):`,
  );
  const line = (label: string, f: LoadFigures, extra = "") =>
    console.log(
      `  ${label.padEnd(34)} ${String(f.requestsPerSecond).padStart(8)} req/s  p50 ${f.latencyP50Ms} ms  p99 ${f.latencyP99Ms} ms  non-2xx ${f.non2xx}  errors ${f.errors}${extra}`,
    );
  line("nginx static file (yardstick)", day.staticFile);
  line(
    "visitor's kept page",
    day.cachedVisitorPage,
    `  ${Math.round(day.cachedVisitorPage.shareOfStatic * 100)} % of static (target ≥ ${CACHED_SHARE_TARGET * 100} %): ${day.cachedVisitorPage.status}`,
  );
  line(
    "search page uncached, 20 conn.",
    day.uncachedSearchPage,
    `  p99 target ≤ ${SEARCH_P99_TARGET_MS} ms: ${day.uncachedSearchPage.status}`,
  );
  line("different searches, 20 conn.", day.uncachedDifferentSearches, "  (each a new query: no target)");
  console.log("  the mix, per step:");
  for (const [name, f] of Object.entries(day.steps))
    console.log(
      `    ${name.padEnd(48)} ${String(f.count).padStart(6)}  p50 ${f.p50Ms} ms  p99 ${f.p99Ms} ms  errors ${f.errors}`,
    );
  const total = Object.values(day.steps).reduce((sum, f) => sum + f.errors, 0);
  console.log(
    `  errors in the mix: ${total} (goal 0)${day.errors.length ? `\n    ${day.errors.join("\n    ")}` : ""}`,
  );
}
