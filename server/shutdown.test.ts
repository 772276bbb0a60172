import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, describe, expect, it, vi } from "vitest";
import { track } from "~/infra/in-flight.server";
import { requestIdFrom, runForRequest } from "~/infra/log.server";
import { openEventStream } from "~/infra/streams.server";
import { shutDown } from "~/lifecycle.server";
import { createApp, stopAccepting } from "./app.ts";

/**
 * Shutdown on a real server: our Express app serving a build of two resource routes that exist only here, an event
 * stream (through the app's stream helper) and a slow ordinary loader, both counted by the lifecycle as the server
 * build counts every loader (app/server-build.ts).
 */
let slowStarted: () => void = () => {};
const slowHasStarted = new Promise<void>((resolve) => {
  slowStarted = resolve;
});

const build = {
  mode: "production",
  entry: { module: { default: () => new Response("no documents here", { status: 404 }) } },
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/changes": {
      id: "routes/changes",
      parentId: "root",
      path: "changes",
      module: {
        loader: ({ request }: { request: Request }) =>
          track(async () =>
            openEventStream(request, (send) => {
              send({ event: "changed", data: "hello" });
              return () => {};
            }),
          ),
      },
    },
    "routes/slow": {
      id: "routes/slow",
      parentId: "root",
      path: "slow",
      module: {
        loader: () =>
          track(async () => {
            slowStarted();
            await new Promise((resolve) => setTimeout(resolve, 800));
            return new Response("finished");
          }),
      },
    },
  },
  assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
  publicPath: "/build/",
  assetsBuildDirectory: "build/public",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

const app = createApp(build, {
  mode: "production",
  port: 0,
  host: "127.0.0.1",
  trustProxy: 0,
  maxBodyBytes: 1024,
  securityHeaders: [],
  warning: null,
  edgeRefusal: () => null,
  api: async () => new Response(null, { status: 404 }),
  metrics: { scrape: async () => null, observe: () => {} },
  requests: { idFrom: requestIdFrom, route: () => "test", run: runForRequest, log: () => {} },
});
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const closed = new Promise((resolve) => server.once("close", resolve));

// The lifecycle's 10 s deadline exits the process if shutdown hangs; here a hang must fail the test instead.
vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
afterAll(() => {
  server.closeAllConnections();
});

describe("shutdown with an event stream open and a slow request in flight", () => {
  it("ends the stream at once, lets the slow request finish, then closes the server", async () => {
    const stream = await fetch(`${origin}/changes`);
    expect(stream.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // Delivered as written, uncompressed.
    let received = "";
    while (!received.includes("\n\n"))
      received += decoder.decode((await reader.read()).value, { stream: true });
    expect(received).toBe("event: changed\ndata: hello\n\n");
    expect(stream.headers.get("Content-Encoding")).toBeNull();

    const slow = fetch(`${origin}/slow`).then(async (response) => ({
      status: response.status,
      text: await response.text(),
      at: Date.now(),
    }));
    await slowHasStarted;

    stopAccepting(server);
    const stopped = shutDown("SIGTERM");
    const end = await reader.read();
    const streamEndedAt = Date.now();
    expect(end.done).toBe(true);

    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, text: "finished" });
    // The stream did not wait for the slow request.
    expect(streamEndedAt).toBeLessThan(answer.at);

    await stopped;
    await closed;
    // A stream asked for after shutdown began ends at once (the server no longer accepts, so ask the helper).
    const late = openEventStream(new Request(`${origin}/changes`), () => () => {});
    expect(await late.text()).toBe("");
  });
});
