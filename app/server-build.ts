/**
 * The server build our server (server/index.ts) loads: Remix's own build, with every route module wrapped so that
 * - a POST, PUT or DELETE from another site is refused with 403 (screens and API alike),
 * - every action's body is read before the action runs, counted as it streams in and cut at its cap with 413
 *   (MAX_BODY_BYTES, or MAX_UPLOAD_BYTES for uploads), whatever Content-Length or Transfer-Encoding say,
 * - Responses that loaders and actions return or throw (API answers, redirects) get the security headers that
 *   documents get in entry.server,
 * - loaders and actions in flight are counted, so SIGTERM can let them finish before the database closes,
 * - each runs with the caller's address (`context.clientAddress`) at hand for the in-process API client, which passes
 *   it on to the API's per-address limits (app/services/request-context.server.ts),
 * - the Set-Cookie headers the API sent to any client during a loader or action (a login's session, a logout's
 *   cleared one) reach the browser with whatever it answers or throws: data, a Response, a redirect (ADR 0017).
 * The environment is validated here, at boot: a bad value stops the server with a message naming it; then DATA_DIR
 * is made private (ADR 0044), the database opens and the job workers start.
 */
import * as build from "@remix-run/dev/server-build";
import type { ServerBuild } from "@remix-run/node";
import {
  applySecurityHeaders,
  BodyTooLargeError,
  CROSS_SITE_MESSAGE,
  isBodyTooLarge,
  isCrossOriginMutation,
  refusal,
  withBodyWithin,
} from "~/services/security.server";
import { getEnv, publicUrlWarning } from "./env.server";
import { withApiCookies } from "./services/api-cookies.server";
import { keepDataDirPrivate } from "./services/data-dir.server";
import { identityProviderNotice } from "./services/identity.server";
import { installShutdownHandlers, startBackgroundWork, track } from "./services/lifecycle.server";
import { runWithRequestContext } from "./services/request-context.server";
import { sealer } from "./services/sealed-cookie.server";

// Before the database opens: DATA_DIR and all it holds are for this server's user only (ADR 0044).
keepDataDirPrivate(getEnv().DATA_DIR);
// The sandbox identity provider lets anyone pass their own check: say loudly when a real (https) site uses it or
// has identity checks off because of it.
const identityNotice = identityProviderNotice();
if (identityNotice) console[identityNotice.level](identityNotice.message);
installShutdownHandlers();
// Derive the sealed-cookie key once, at start-up (PBKDF2, 100,000 iterations), not during a visitor's request.
sealer()
  .seal("warm-up", 0)
  .catch((error) => console.error("[server] could not derive the sealed-cookie key:", error));
// Open the database (migrations, first-start data) and start the listed job queues' workers now, not on the first
// request.
startBackgroundWork().catch((error) =>
  console.error("[server] could not start the database and the job workers:", error),
);

type RouteModule = ServerBuild["routes"][string]["module"];
type DataFunction = NonNullable<RouteModule["loader"]>;
type Args = Parameters<DataFunction>[0];

/** Responses a loader or action returns or throws (API answers, redirects) get the headers documents get. */
function secured<T>(value: T): T {
  if (value instanceof Response) applySecurityHeaders(value.headers);
  return value;
}

function wrap(fn: DataFunction, isAction: boolean): DataFunction {
  return (args: Args) => {
    const apiCookies = new Headers();
    return runWithRequestContext(
      { clientAddress: args.context?.clientAddress, responseHeaders: apiCookies },
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
          }
          try {
            return secured(withApiCookies(await fn({ ...args, request }), apiCookies));
          } catch (thrown) {
            throw secured(withApiCookies(thrown, apiCookies, true));
          }
        }),
    );
  };
}

function guard(module: RouteModule): RouteModule {
  return {
    ...module,
    ...(module.loader ? { loader: wrap(module.loader, false) } : {}),
    ...(module.action ? { action: wrap(module.action as DataFunction, true) } : {}),
  };
}

export const routes: ServerBuild["routes"] = Object.fromEntries(
  Object.entries(build.routes).map(([id, route]) => [id, { ...route, module: guard(route.module) }]),
);
export const { mode, assets, basename, entry, future, publicPath, assetsBuildDirectory, isSpaMode } = build;

/**
 * What our HTTP server (server/index.ts) takes from the app besides the build: the settings it needs, validated
 * with the rest of the environment above, and the security headers every answer carries. The server is plain
 * TypeScript that Node runs as it is, so it asks the build rather than parsing the environment a second time.
 */
export function serverSettings() {
  const env = getEnv();
  return {
    mode: env.NODE_ENV === "development" ? "development" : "production",
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    maxBodyBytes: env.MAX_BODY_BYTES,
    securityHeaders: [...applySecurityHeaders(new Headers()).entries()],
    warning: publicUrlWarning(env),
  };
}

export type ServerSettings = ReturnType<typeof serverSettings>;
