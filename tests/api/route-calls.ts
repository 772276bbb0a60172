import type { ActionFunction, LoaderFunction, ServerBuild } from "@remix-run/node";
import { guardRoutes } from "~/screens/route-guard.server";
import { readToast } from "~/screens/toast.server";
import type { Toast } from "~/utils/toast";

/**
 * A screen's loader and action called with a standard Request, without a browser or an HTTP server: wrapped by the
 * route guard as the server build wraps them (app/server-build.ts), so a form is read, checked for its site and size,
 * and the API's cookies reach the answer, as in production.
 */

/** What a loader or action answered (or threw): a redirect with its toast, or the page's data with its status. */
export type PageAnswer = {
  status: number;
  /** Where a redirect sends the browser; null for anything else. */
  location: string | null;
  /** The toast flashed with a redirect (its signed cookie, read back). */
  toast: Toast | null;
  /** What the page gets to render: an action's or loader's data (none for a Response). */
  data: unknown;
  headers: Headers;
};

type Params = Record<string, string>;

/** The guarded loader and action of the route at `path` (its pattern, e.g. "bookings/:bookingId"). */
export function routeCaller(path: string, module: { action?: ActionFunction; loader?: LoaderFunction }) {
  const id = `routes/${path}`;
  const route = { id, path, module } as unknown as ServerBuild["routes"][string];
  const guarded = guardRoutes({ [id]: route })[id]?.module;
  return {
    action(request: Request, params: Params = {}): Promise<PageAnswer> {
      const run = guarded?.action;
      if (!run) throw new Error(`${path} has no action`);
      return answerOf(() => run({ request, params, context: {} }));
    },
    /** A GET of `url` (a path of this site) by the user whose session `cookie` is ("" for a visitor). */
    loader(url: string, cookie: string, params: Params = {}): Promise<PageAnswer> {
      const run = guarded?.loader;
      if (!run) throw new Error(`${path} has no loader`);
      const request = new Request(new URL(url, "http://localhost"), { headers: cookieHeader(cookie) });
      return answerOf(() => run({ request, params, context: {} }));
    },
  };
}

/**
 * A form posted from a page of this site, as a browser sends it, by the user whose session `cookie` is ("" for a
 * visitor). A field given a list is sent once for each value, as several inputs of one name are.
 */
export function postTo(
  url: string,
  cookie: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return new Request(new URL(url, "http://localhost"), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
      ...cookieHeader(cookie),
      ...headers,
    },
    body,
  });
}

function cookieHeader(cookie: string): Record<string, string> {
  return cookie ? { Cookie: cookie } : {};
}

/** Remix's `data(value, init)`: a value with the status and headers to answer it with. */
type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === "object" && value !== null && (value as DataWithInit).type === "DataWithResponseInit"
  );
}

async function answerOf(run: () => unknown): Promise<PageAnswer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    // A redirect to log in, a 404, a refusal by the guard: thrown Responses are answers too.
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const location = result.headers.get("Location");
    return {
      status: result.status,
      location,
      toast: await toastOf(result.headers),
      data: null,
      headers: result.headers,
    };
  }
  if (isDataWithInit(result)) {
    const headers = new Headers(result.init?.headers);
    return {
      status: result.init?.status ?? 200,
      location: null,
      toast: await toastOf(headers),
      data: result.data,
      headers,
    };
  }
  return { status: 200, location: null, toast: null, data: result, headers: new Headers() };
}

/** The toast a response flashes, read the way the next page's root loader reads it. */
async function toastOf(headers: Headers): Promise<Toast | null> {
  const cookies = headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(";")[0] as string)
    .join("; ");
  if (!cookies) return null;
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookies } }));
  return toast;
}
