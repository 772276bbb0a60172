import { existsSync, readdirSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import type { ServerSettings } from "../app/server-build";
import { clientAddress, trustProxies } from "./client-address.ts";

/**
 * The Express app that serves Space Solution: built assets and public/ files, the JSON API (/api/*), the operators'
 * metrics (/metrics), then every other request to Remix. Every request is counted and timed under its route's pattern,
 * and logged (one line once its answer has gone out: app/infra/log.server.ts).
 * Every answer, a static file as much as a page, carries the security baseline; fingerprinted /build/* files are
 * cached for a year; answers are compressed as the browser allows.
 */
export function createApp(build: ServerBuild, settings: ServerSettings): express.Express {
  const app = express();
  app.disable("x-powered-by");
  trustProxies(app, settings.trustProxy);
  app.use(followRequests(settings));
  app.use(securityBaseline(settings.securityHeaders));
  app.use(refuseAtTheEdge(settings.edgeRefusal));
  app.use(dropUnreadBodies(settings.maxBodyBytes));
  app.use(compression({ filter: compressUnlessStream }));
  // Fingerprinted: a changed file gets a new name, so a copy never goes stale.
  app.use(
    build.publicPath,
    express.static(path.resolve(build.assetsBuildDirectory), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(publicFiles(path.resolve("public")));
  // The JSON API answers on its own, never through Remix's matching of the page routes.
  app.use("/api", serveApi(settings.api));
  app.get("/metrics", serveMetrics(settings.metrics));
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: settings.mode,
      getLoadContext: (req) => ({ clientAddress: clientAddress(req) }),
    }),
  );
  return app;
}

/**
 * The files of public/ (logos, the share image, the country list), served for an hour. They are listed once, at
 * start, so that a page or an API call goes straight on rather than first asking the disk whether a file of its name
 * exists; a file added to public/ is served from the next start (remix dev restarts the server after each build).
 */
export function publicFiles(root: string): RequestHandler {
  const serve = express.static(root, { maxAge: "1h", index: false, redirect: false });
  const files = new Set(
    (existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }) : [])
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      ),
  );
  return (req, res, next) => (files.has(decodedPath(req.path)) ? serve(req, res, next) : next());
}

function decodedPath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/**
 * Event streams go out uncompressed: each small event is flushed on its own, so compressing saves next to nothing,
 * while every open stream would hold a compressor's memory for as long as the page stays open
 * (app/infra/streams.server.ts).
 */
function compressUnlessStream(req: express.Request, res: express.Response): boolean {
  const type = String(res.getHeader("Content-Type") ?? "");
  return !type.startsWith("text/event-stream") && compression.filter(req, res);
}

/**
 * Requests the app refuses before Remix sees them (app/infra/edge.server.ts: a method a path does not take, a
 * cross-site post to a page, an address that cannot be read), which Remix would answer with a 500.
 */
export function refuseAtTheEdge(edgeRefusal: ServerSettings["edgeRefusal"]): RequestHandler {
  return (req, res, next) => {
    const refused = edgeRefusal({
      method: req.method,
      url: remixUrl(req),
      headers: { get: (name) => req.get(name) ?? null },
    });
    if (!refused) return next();
    res.status(refused.status);
    for (const [name, value] of refused.headers) res.append(name, value);
    refused
      .arrayBuffer()
      .then((body) => res.end(Buffer.from(body)))
      .catch(next);
  };
}

/** The request's address as @remix-run/express makes it for Remix: X-Forwarded-Host's or Host's port kept. */
function remixUrl(req: express.Request): string {
  const port = [req.get("X-Forwarded-Host"), req.get("Host")]
    .map((host) => Number.parseInt(host?.split(":")[1] ?? "", 10))
    .find(Number.isSafeInteger);
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
}

/**
 * Every /api/* request as a standard Request to the API (app/api/router.server.ts `serveApi`), its answer sent back as
 * it is. The body streams in as the API reads it (the API caps it); a caller that goes away aborts the request.
 */
export function serveApi(api: ServerSettings["api"]): RequestHandler {
  return (req, res, next) => {
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const headers = new Headers();
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
      headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(remixUrl(req), {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      signal: controller.signal,
      // Node's Request needs this to take a streamed body.
      duplex: "half",
    } as RequestInit);
    api(request, { clientAddress: clientAddress(req) })
      .then(async (response) => {
        res.status(response.status);
        for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(next);
  };
}

/**
 * Each request runs as one the log knows (its id: the proxy's X-Request-Id when TRUST_PROXY says a proxy is there,
 * else a new one, sent back in X-Request-Id); once its answer has gone out (or its caller went away) it is counted and
 * timed for the metrics, and its line is logged, both under its route's pattern.
 */
export function followRequests(
  settings: Pick<ServerSettings, "metrics" | "requests" | "trustProxy">,
): RequestHandler {
  const { metrics, requests } = settings;
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    // Read now: a mounted handler (/api) takes its mount point off the request's URL while it runs.
    const path = req.path;
    const context = {
      requestId: requests.idFrom(settings.trustProxy > 0 ? req.get("X-Request-Id") : undefined),
    } as { requestId: string; userId?: string };
    res.setHeader("X-Request-Id", context.requestId);
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const route = requests.route(req.method, path);
      metrics.observe({ method: req.method, route, status: res.statusCode, seconds });
      requests.log({
        ...context,
        method: req.method,
        route,
        status: res.statusCode,
        durationMs: seconds * 1000,
        aborted: !res.writableFinished,
      });
    });
    requests.run(context, next);
  };
}

/**
 * GET /metrics for the operators' scraper (docs/decisions/0056-metrics.md): with METRICS_TOKEN unset it goes on to
 * Remix like any unknown path (a 404); else only its bearer gets the metrics, anyone else a 401.
 */
export function serveMetrics(metrics: ServerSettings["metrics"]): RequestHandler {
  return (req, res, next) => {
    metrics
      .scrape(req.get("Authorization"))
      .then((scrape) => {
        if (!scrape) return next();
        res.status(scrape.status).set({ "Content-Type": scrape.contentType, "Cache-Control": "no-store" });
        if (scrape.status === 401) res.set("WWW-Authenticate", "Bearer");
        res.end(scrape.body);
      })
      .catch(next);
  };
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, and end each keep-alive connection as soon as it has nothing left
 * to answer. Requests in flight finish; the build's lifecycle ends the open event streams and closes the database
 * (app/lifecycle.server.ts).
 */
export function stopAccepting(server: Server): void {
  server.close();
  setInterval(() => server.closeIdleConnections(), 100).unref();
}

/**
 * Fills in each security header an answer does not set itself, as its headers go out. Pages and data set their own
 * (a CSP with the page's nonce) and keep them; static files, Express's own errors and anything else get these.
 */
export function securityBaseline(headers: readonly (readonly [string, string])[]): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
      for (const [name, value] of headers) if (!this.hasHeader(name)) this.setHeader(name, value);
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/** How long a connection whose body was left unread may stay open after its answer went out. */
const LINGER_MS = 2_000;

/**
 * A body still arriving after its answer went out (a 413 or 403 refusal, a route that never read it): up to
 * `limit` more bytes are thrown away as they come, so a small one ends and the connection carries on; past that the
 * server stops reading, and after LINGER_MS closes the connection (not at once: the caller must have time to read
 * the answer, which an abrupt close would take from it). Nothing is kept, and nobody keeps the server reading.
 */
export function dropUnreadBodies(limit: number): RequestHandler {
  return (req, res, next) => {
    res.on("finish", () => {
      if (req.complete) return;
      let dropped = 0;
      const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
      timer.unref();
      req.removeAllListeners("data");
      req.on("data", (chunk: Buffer) => {
        dropped += chunk.byteLength;
        if (dropped > limit) req.pause();
      });
      req.once("end", () => clearTimeout(timer));
      req.resume();
    });
    next();
  };
}
