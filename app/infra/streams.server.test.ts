import { describe, expect, it } from "vitest";
import { openEventStream, openStreamCount } from "./streams.server";

async function firstChunk(response: Response): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return new TextDecoder().decode(value ?? new Uint8Array());
}

describe("event streams", () => {
  it("writes an event's id as its own line, digits only", async () => {
    const abort = new AbortController();
    const response = openEventStream(new Request("http://localhost/s", { signal: abort.signal }), (send) => {
      send({ event: "changed", data: "messages:1", id: "1764000000000" });
      return () => {};
    });
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    const text = await firstChunk(response);
    expect(text).toBe("event: changed\nid: 1764000000000\n");
    expect(() =>
      openEventStream(new Request("http://localhost/s", { signal: abort.signal }), (send) => {
        send({ event: "changed", data: "x", id: "1\ndata: injected" });
        return () => {};
      }),
    ).toThrow("an event id is digits only");
    abort.abort();
  });

  it("keeps at most `max` streams per holder, closing the oldest first", async () => {
    const closed: number[] = [];
    const before = openStreamCount();
    const aborts = [0, 1, 2].map(() => new AbortController());
    aborts.forEach((abort, index) => {
      openEventStream(
        new Request("http://localhost/s", { signal: abort.signal }),
        () => () => closed.push(index),
        { holders: [{ key: "session-1", max: 2 }] },
      );
    });
    expect(closed).toEqual([0]);
    expect(openStreamCount() - before).toBe(2);
    for (const abort of aborts) abort.abort();
    expect(openStreamCount()).toBe(before);
  });

  it("caps every holder of a stream: a user's sessions together keep at most the user's number", async () => {
    const closed: string[] = [];
    const before = openStreamCount();
    const aborts: AbortController[] = [];
    for (const session of ["a", "b", "c"])
      for (const tab of [1, 2]) {
        const abort = new AbortController();
        aborts.push(abort);
        openEventStream(
          new Request("http://localhost/s", { signal: abort.signal }),
          () => () => closed.push(`${session}${tab}`),
          {
            holders: [
              { key: "user-1", max: 4 },
              { key: `session-${session}`, max: 2 },
            ],
          },
        );
      }
    // Six streams over three sessions of two: the user's two oldest went, whichever sessions held them.
    expect(closed).toEqual(["a1", "a2"]);
    expect(openStreamCount() - before).toBe(4);
    for (const abort of aborts) abort.abort();
    expect(openStreamCount()).toBe(before);
  });
});
