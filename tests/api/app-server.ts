import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import type { ServerBuild } from "@remix-run/node";
import { logOutput } from "~/infra/log.server";
import remixConfig from "../../remix.config.js";
import { createApp } from "../../server/app.ts";

/**
 * The app as our HTTP server serves it — Express (server/app.ts), the edge checks, Remix, the route guard — built
 * from the sources rather than from `npm run build`, on the test file's own database. Its routes are the ones
 * remix.config.js gives the build, so a new route is in it without naming it here.
 */
export type AppRoute = {
  id: string;
  /** The URL that reaches the route: parameters filled with "1", `?index` for an index route. */
  url: string;
  module: ServerBuild["routes"][string]["module"];
};

type ManifestEntry = { id: string; parentId?: string; path?: string; index?: boolean; file: string };

/** Every route of the app (the root included), with its module, as the build has them. */
export async function appRoutes(): Promise<{ routes: ServerBuild["routes"]; manifest: ManifestEntry[] }> {
  const config = remixConfig as unknown as {
    routes: (define: typeof defineRoutes) => Promise<Record<string, ManifestEntry>>;
  };
  const manifest: ManifestEntry[] = [
    { id: "root", path: "", file: "root.tsx" },
    ...Object.values(await config.routes(defineRoutes)),
  ];
  const routes: ServerBuild["routes"] = {};
  for (const entry of manifest) {
    const module = await import(/* @vite-ignore */ path.resolve("app", entry.file));
    routes[entry.id] = {
      id: entry.id,
      parentId: entry.parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: undefined,
      module,
    };
  }
  return { routes, manifest };
}

/** The URL of each route, for a request that reaches it. */
export function routeUrls(manifest: ManifestEntry[]): Map<string, string> {
  const byId = new Map(manifest.map((entry) => [entry.id, entry]));
  const urls = new Map<string, string>();
  for (const entry of manifest) {
    const segments: string[] = [];
    for (
      let at: ManifestEntry | undefined = entry;
      at;
      at = at.parentId ? byId.get(at.parentId) : undefined
    ) {
      if (at.path) segments.unshift(at.path);
    }
    const pathname = segments
      .join("/")
      .split("/")
      .filter((segment) => segment && !segment.endsWith("?"))
      .map((segment) => (segment.startsWith(":") ? "1" : segment === "*" ? "x" : segment))
      .join("/");
    urls.set(entry.id, `/${pathname}${entry.index ? "?index" : ""}`);
  }
  return urls;
}

export type RunningApp = {
  origin: string;
  routes: AppRoute[];
  send: typeof send;
  close(): Promise<void>;
};

/**
 * Starts the app on a free port of this machine; `/metrics` answers to `metricsToken` only when one is given, and
 * `trustProxy` stands for TRUST_PROXY (proxies in front).
 */
export async function startApp(
  options: { metricsToken?: string; trustProxy?: number } = {},
): Promise<RunningApp> {
  const { guardRoutes } = await import("~/screens/route-guard.server");
  const { serverSettings } = await import("~/infra/edge.server");
  const { serveApi } = await import("~/api/router.server");
  const { metricsEndpoint, requestLogging } = await import("~/metrics.server");
  const entry = await import("~/entry.server");
  const { routes, manifest } = await appRoutes();
  const urls = routeUrls(manifest);
  const future = (remixConfig as unknown as { future: ServerBuild["future"] }).future;
  const build = {
    mode: "production",
    entry: { module: entry },
    routes: guardRoutes(routes),
    assets: {
      version: "test",
      url: "/build/manifest-test.js",
      entry: { module: "/build/entry.client.js", imports: [] },
      routes: Object.fromEntries(
        Object.values(routes).map((route) => [
          route.id,
          {
            id: route.id,
            parentId: route.parentId,
            path: route.path,
            index: route.index,
            module: `/build/${route.id}.js`,
            imports: [],
            hasAction: "action" in route.module,
            hasLoader: "loader" in route.module,
            hasClientAction: "clientAction" in route.module,
            hasClientLoader: "clientLoader" in route.module,
            hasErrorBoundary: "ErrorBoundary" in route.module,
          },
        ]),
      ),
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future,
    basename: undefined,
    isSpaMode: false,
  } as unknown as ServerBuild;
  const settings = {
    ...serverSettings(),
    api: serveApi,
    metrics: metricsEndpoint(options.metricsToken),
    requests: requestLogging(build.routes),
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
  };
  const server: Server = createApp(build, settings).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    routes: Object.values(routes).map((route) => ({
      id: route.id,
      url: urls.get(route.id) as string,
      module: route.module,
    })),
    send: (method, target, options) => send(method, new URL(target, origin).href, options),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Sent = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One HTTP request, any method (fetch refuses TRACE), with the headers given and nothing else added. */
export function send(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers: options.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/**
 * What the app logs (app/infra/log.server.ts) while `run` runs, each line as its message with an error's stack after
 * it: to tell a refusal logged in one line from a stack trace.
 */
export async function captureLog<T>(run: () => Promise<T>): Promise<{ result: T; log: string[] }> {
  const lines: string[] = [];
  const write = logOutput.write;
  logOutput.write = (line: string) => {
    const entry = JSON.parse(line) as { msg?: string; err?: { stack?: string; message?: string } };
    lines.push(`${entry.msg ?? ""}${entry.err ? `\n${entry.err.stack ?? entry.err.message}` : ""}`);
  };
  try {
    return { result: await run(), log: lines };
  } finally {
    logOutput.write = write;
  }
}

/** Whether a logged text carries a stack trace ("    at fn (file:line:col)"). */
export function hasStackTrace(text: string): boolean {
  return /\n\s+at .+/.test(text);
}
