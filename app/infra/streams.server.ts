import { eventStream } from "remix-utils/sse/server";

/**
 * Event streams (server-sent events) beside the JSON envelope (ADR 0018). A stream stays open while the page is,
 * and only says that something changed; the page then revalidates its loaders, which read through the API as ever.
 *
 * Every open stream is registered here, so that shutdown can end them all at once (the lifecycle calls
 * `closeEventStreams`): a stream never finishes by itself, and waiting for it would hold the server until its
 * deadline, while ordinary requests in flight still finish.
 */
type LibraryInit = Parameters<typeof eventStream>[1];
type LibrarySend = Parameters<LibraryInit>[0];
/** One event: its name, its data (one line), and its id, which a reconnecting browser sends back as Last-Event-ID. */
export type StreamEvent = { event?: string; data: string; id?: string };
export type SendEvent = (event: StreamEvent) => void;
type Init = (send: SendEvent, abort: () => void) => () => void;

/**
 * remix-utils writes `event:` and `data:` lines only; an id is one more line of the same event, written after the
 * event's name. Ids are our own digits, never a visitor's text, so nothing can break out of the line.
 */
function withIds(send: LibrarySend): SendEvent {
  return ({ event = "message", data, id }) => {
    if (id !== undefined && !/^\d+$/.test(id)) throw new Error("an event id is digits only");
    send({ event: id === undefined ? event : `${event}\nid: ${id}`, data });
  };
}

const open = new Set<AbortController>();
/** The open streams of each holder (a session, a user), oldest first, for the caps per holder. */
const byHolder = new Map<string, AbortController[]>();
let closing = false;

export type StreamOptions = {
  /**
   * Who holds the stream, each with a cap: at most `max` streams stay open per holder (a session, and the user across
   * all their sessions), the oldest closing first.
   */
  holders?: readonly { key: string; max: number }[];
};

/**
 * Answers a loader with an event stream. `init` subscribes to what the stream reports (calling `send` for each
 * change) and returns how to unsubscribe; that runs when the browser leaves or the server shuts down.
 */
export function openEventStream(request: Request, init: Init, options: StreamOptions = {}): Response {
  const shutdown = new AbortController();
  // A stream asked for while the server is shutting down ends at once: the browser reconnects to another instance.
  if (closing) shutdown.abort();
  else open.add(shutdown);
  const holders = closing ? [] : (options.holders ?? []);
  for (const { key, max } of holders) {
    const held = byHolder.get(key) ?? [];
    held.push(shutdown);
    byHolder.set(key, held);
    // One tab too many loses the holder's oldest stream, not the new one the person is looking at.
    while (held.length > max) held.shift()?.abort();
  }
  const signal = AbortSignal.any([request.signal, shutdown.signal]);
  signal.addEventListener(
    "abort",
    () => {
      open.delete(shutdown);
      for (const { key } of holders) {
        const held = (byHolder.get(key) ?? []).filter((stream) => stream !== shutdown);
        if (held.length) byHolder.set(key, held);
        else byHolder.delete(key);
      }
    },
    { once: true },
  );
  return eventStream(signal, (send, abort) => init(withIds(send), abort));
}

/** How many streams are open now (the bench reads it). */
export function openStreamCount(): number {
  return open.size;
}

/** Ends every open stream now, and every stream asked for from now on (server shutdown). */
export function closeEventStreams(): number {
  closing = true;
  const count = open.size;
  for (const stream of [...open]) stream.abort();
  return count;
}
