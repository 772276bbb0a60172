import type { ServerBuild } from "@remix-run/node";
import { isDatabaseUnavailable, unavailableReason } from "~/db/unavailable.server";
import { track } from "~/infra/in-flight.server";
import { log } from "~/infra/log.server";
import {
  applySecurityHeaders,
  BodyTooLargeError,
  CROSS_SITE_MESSAGE,
  isApiPath,
  isBodyTooLarge,
  isCrossOriginMutation,
  RETRY_AFTER_SECONDS,
  refusal,
  UNAVAILABLE_MESSAGE,
  WEBHOOKS_PATH,
  withBodyWithin,
  withForm,
} from "~/infra/security.server";
import { withApiCookies } from "./api-cookies.server";
import { runWithRequestContext, sessionsOf } from "./request-context.server";

/**
 * Every route module's loader and action, wrapped once (app/server-build.ts, ADR 0005), so that
 * - a POST, PUT or DELETE from another site is refused with 403 (screens and API alike),
 * - every action's body is read before the action runs, counted as it streams in and cut at its cap with 413
 *   (MAX_BODY_BYTES, or MAX_UPLOAD_BYTES for uploads), whatever Content-Length or Transfer-Encoding say,
 * - a screen's action reads a form, or is not run: another body is a 415 page, a broken form a 400 page
 *   (`withForm`; the API and the webhooks read their own bodies),
 * - a database that cannot be reached is a 503 page (Retry-After), not a 500 (ADR 0042),
 * - Responses that loaders and actions return or throw (API answers, redirects) get the security headers that
 *   documents get in entry.server,
 * - loaders and actions in flight are counted, so SIGTERM can let them finish before the database closes,
 * - each runs with the caller's address (`context.clientAddress`) at hand for the in-process API client, which passes
 *   it on to the API's per-address limits (app/screens/request-context.server.ts),
 * - the Set-Cookie headers the API sent to any client during a loader or action (a login's session, a logout's
 *   cleared one) reach the browser with whatever it answers or throws: data, a Response, a redirect (ADR 0017).
 */
export function guardRoutes(routes: ServerBuild["routes"]): ServerBuild["routes"] {
  return Object.fromEntries(
    Object.entries(routes).map(([id, route]) => [id, { ...route, module: guard(route.module) }]),
  );
}

type RouteModule = ServerBuild["routes"][string]["module"];
type DataFunction = NonNullable<RouteModule["loader"]>;
type Args = Parameters<DataFunction>[0];

function guard(module: RouteModule): RouteModule {
  return {
    ...module,
    ...(module.loader ? { loader: wrap(module.loader, false) } : {}),
    ...(module.action ? { action: wrap(module.action as DataFunction, true) } : {}),
  };
}

/** Responses a loader or action returns or throws (API answers, redirects) get the headers documents get. */
function secured<T>(value: T): T {
  if (value instanceof Response) applySecurityHeaders(value.headers);
  return value;
}

/** Whether an action is a screen's, which takes a form: not the API's, nor a provider's webhook. */
function takesForm(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return !isApiPath(pathname) && !pathname.startsWith(WEBHOOKS_PATH);
}

function wrap(fn: DataFunction, isAction: boolean): DataFunction {
  return (args: Args) => {
    const apiCookies = new Headers();
    return runWithRequestContext(
      {
        clientAddress: args.context?.clientAddress,
        responseHeaders: apiCookies,
        sessions: sessionsOf(args.context),
      },
      () =>
        track(async () => {
          if (isAction && isCrossOriginMutation(args.request)) {
            throw refusal(args.request, 403, CROSS_SITE_MESSAGE);
          }
          if (isAction && isBodyTooLarge(args.request)) {
            throw refusal(args.request, 413, "The request is too large.");
          }
          let request = args.request;
          if (isAction) {
            try {
              request = await withBodyWithin(args.request);
            } catch (error) {
              if (error instanceof BodyTooLargeError) throw refusal(args.request, 413, error.message);
              throw error;
            }
            if (takesForm(request)) request = await withForm(request);
          }
          try {
            return secured(withApiCookies(await fn({ ...args, request }), apiCookies));
          } catch (thrown) {
            if (isDatabaseUnavailable(thrown)) throw databaseUnavailable(args.request, thrown);
            throw secured(withApiCookies(thrown, apiCookies, true));
          }
        }),
    );
  };
}

/** The 503 of a page whose loader or action could not reach the database: one line in the log, no stack trace. */
function databaseUnavailable(request: Request, error: unknown): Response {
  log.error(
    `[db] ${request.method} ${new URL(request.url).pathname}: the database cannot be reached: ${unavailableReason(error)}`,
  );
  return refusal(request, 503, UNAVAILABLE_MESSAGE, { "Retry-After": String(RETRY_AFTER_SECONDS) });
}
