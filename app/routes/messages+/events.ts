import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveBus } from "~/infra/live.server";
import { hashSessionId, readSessionId } from "~/infra/session.server";
import { openEventStream } from "~/infra/streams.server";
import { requireProfile } from "~/screens/auth.server";

/**
 * The logged-in user's live updates (ADR 0026): an event stream that says "changed" (with what: messages,
 * notifications, viewings) whenever something of theirs changes, on any app instance; the page then revalidates its
 * loaders. A heartbeat keeps proxies from closing a quiet stream; a browser reconnecting with Last-Event-ID is told
 * at once when it missed something; a session keeps at most a few streams open (its newest tabs), and so does the user
 * across all their sessions (each login is a session: a script logging in again and again holds no more).
 */
const HEARTBEAT_MS = 25_000;
export const STREAMS_PER_SESSION = 5;
/** A person with a phone, a laptop and a tablet, each with a few tabs open; the cap counts on each server process. */
export const STREAMS_PER_USER = 15;

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile } = await requireProfile(request);
  const sessionId = await readSessionId(request.headers.get("Cookie"));
  const bus = await liveBus();
  const lastEventId = Number(request.headers.get("Last-Event-ID") ?? Number.NaN);
  const missed = request.headers.has("Last-Event-ID") && bus.changedSince(profile.userId, lastEventId);
  return openEventStream(
    request,
    (send) => {
      const stop = bus.subscribe(profile.userId, (change) =>
        send({ event: "changed", data: `${change.topic}:${change.at}`, id: String(change.at) }),
      );
      if (missed) send({ event: "changed", data: `missed:${Date.now()}`, id: String(Date.now()) });
      const heartbeat = setInterval(() => send({ event: "ping", data: "" }), HEARTBEAT_MS);
      return () => {
        clearInterval(heartbeat);
        stop();
      };
    },
    {
      holders: [
        { key: `user:${profile.userId}`, max: STREAMS_PER_USER },
        ...(sessionId ? [{ key: `session:${hashSessionId(sessionId)}`, max: STREAMS_PER_SESSION }] : []),
      ],
    },
  );
}
