import { AsyncLocalStorage } from "node:async_hooks";

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
};

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the loader or action running now; {} outside one (jobs, tests). */
export function currentRequestContext(): RequestContext {
  return storage.getStore() ?? {};
}
