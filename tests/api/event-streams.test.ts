import { describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { createSession } from "~/infra/session.server";
import { openStreamCount } from "~/infra/streams.server";
import { loader, STREAMS_PER_SESSION, STREAMS_PER_USER } from "~/routes/messages+/events";
import { loggedInUser } from "./helpers";

/**
 * The live updates' event stream (/messages/events, ADR 0026) holds a connection and a subscription for as long as it
 * is open: a session keeps its newest few, and so does the user across all the sessions they log in with.
 */

describe("GET /messages/events", () => {
  it(`keeps at most ${STREAMS_PER_USER} streams of one user open, however many times they log in`, async () => {
    const { user } = await loggedInUser();
    const { db } = await getDatabase();
    const before = openStreamCount();
    const aborts: AbortController[] = [];
    const logins = Math.ceil(STREAMS_PER_USER / STREAMS_PER_SESSION) + 2;
    for (let login = 0; login < logins; login++) {
      const cookie = (await createSession(db, user.id, "stream test")).split(";")[0] as string;
      for (let tab = 0; tab < STREAMS_PER_SESSION; tab++) {
        const abort = new AbortController();
        aborts.push(abort);
        const response = await loader({
          request: new Request("http://localhost/messages/events", {
            headers: { Cookie: cookie },
            signal: abort.signal,
          }),
          params: {},
          context: {},
        });
        expect(response.headers.get("Content-Type")).toBe("text/event-stream");
      }
    }
    expect(aborts.length).toBeGreaterThan(STREAMS_PER_USER);
    expect(openStreamCount() - before).toBe(STREAMS_PER_USER);
    // Another user's streams are their own.
    const other = await loggedInUser();
    const abort = new AbortController();
    aborts.push(abort);
    await loader({
      request: new Request("http://localhost/messages/events", {
        headers: { Cookie: other.cookie },
        signal: abort.signal,
      }),
      params: {},
      context: {},
    });
    expect(openStreamCount() - before).toBe(STREAMS_PER_USER + 1);
    for (const each of aborts) each.abort();
    expect(openStreamCount()).toBe(before);
  });
});
