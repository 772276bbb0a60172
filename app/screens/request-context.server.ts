import { AsyncLocalStorage } from "node:async_hooks";
import type { AppLoadContext } from "@remix-run/node";
import { RequestSessions } from "~/infra/session.server";

/**
 * What a screen's loader or action knows about the browser's request besides the Request itself: the caller's
 * address as the HTTP server worked it out (`context.clientAddress`). app/server-build.ts runs every loader and action
 * inside `runWithRequestContext`, so the in-process API client (app/screens/api.server.ts) can hand the address on to
 * the API — whose limits count per address — without every route passing its context along. It survives the copies
 * of the Request that libraries make (remix-auth builds a new one), which a lookup by Request would not.
 */
export type RequestContext = {
  clientAddress?: string;
  /**
   * The Set-Cookie headers every API client made during this loader or action received (a login's session cookie,
   * a logout's cleared one): app/server-build.ts attaches them to the answer, returned or thrown, so routes never
   * carry them along themselves.
   */
  responseHeaders?: Headers;
  /** The sessions this browser request has looked up, shared by all its loaders' API calls (RequestSessions). */
  sessions?: RequestSessions;
};

/** Per browser request: Remix hands every loader and action of one request the same load context. */
const requestSessions = new WeakMap<AppLoadContext, RequestSessions>();

/** The session lookups of the browser request whose load context this is (a new set without one). */
export function sessionsOf(loadContext: AppLoadContext | undefined): RequestSessions {
  if (!loadContext) return new RequestSessions();
  let sessions = requestSessions.get(loadContext);
  if (!sessions) {
    sessions = new RequestSessions();
    requestSessions.set(loadContext, sessions);
  }
  return sessions;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the loader or action running now; {} outside one (jobs, tests). */
export function currentRequestContext(): RequestContext {
  return storage.getStore() ?? {};
}
