import { eventStream } from "remix-utils/sse/server";

/**
 * Event streams (server-sent events) beside the JSON envelope (ADR 0018). A stream stays open while the page is,
 * and only says that something changed; the page then revalidates its loaders, which read through the API as ever.
 *
 * Every open stream is registered here, so that shutdown can end them all at once (the lifecycle calls
 * `closeEventStreams`): a stream never finishes by itself, and waiting for it would hold the server until its
 * deadline, while ordinary requests in flight still finish.
 */
type Init = Parameters<typeof eventStream>[1];
export type SendEvent = Parameters<Init>[0];

const open = new Set<AbortController>();
let closing = false;

/**
 * Answers a loader with an event stream. `init` subscribes to what the stream reports (calling `send` for each
 * change) and returns how to unsubscribe; that runs when the browser leaves or the server shuts down.
 */
export function openEventStream(request: Request, init: Init): Response {
  const shutdown = new AbortController();
  // A stream asked for while the server is shutting down ends at once: the browser reconnects to another instance.
  if (closing) shutdown.abort();
  else open.add(shutdown);
  const signal = AbortSignal.any([request.signal, shutdown.signal]);
  signal.addEventListener("abort", () => open.delete(shutdown), { once: true });
  return eventStream(signal, init);
}

/** Ends every open stream now, and every stream asked for from now on (server shutdown). */
export function closeEventStreams(): number {
  closing = true;
  const count = open.size;
  for (const stream of [...open]) stream.abort();
  return count;
}
