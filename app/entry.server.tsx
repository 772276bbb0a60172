import { Transform, type TransformCallback, Writable } from "node:stream";
import {
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { log } from "~/infra/log.server";
import {
  applySecurityHeaders,
  CROSS_SITE_MESSAGE,
  createNonce,
  isCrossOriginMutation,
  keepPrivate,
  RETRY_AFTER_SECONDS,
  refusal,
} from "~/infra/security.server";
import { OFFLINE_KEY_HEADER, offlineKey, offlineWorkerScript } from "~/screens/offline-pages.server";
import {
  entityTag,
  hashScripts,
  isNotModified,
  isSharedVisitorPage,
  VISITOR_PAGE_CACHE_CONTROL,
} from "~/screens/visitor-pages.server";
import { NonceProvider } from "./utils/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = createNonce();
  // Decided before the render: a page a shared cache may keep is rendered whole and sent with its ETag (ADR 0045).
  const shared = isSharedVisitorPage(request, responseStatusCode, remixContext, responseHeaders);
  applySecurityHeaders(responseHeaders, nonce);
  keepPrivate(request, responseHeaders);
  askToComeBack(responseStatusCode, responseHeaders);
  // Whose page this is, for the service worker's offline copies (public/sw.js).
  const key = offlineKey(request, remixContext);
  if (key) responseHeaders.set(OFFLINE_KEY_HEADER, key);
  // Crawlers and link previews (chat apps) get the whole page at once, as caches do; people get it streamed.
  const readyEvent = shared || isbot(request.headers.get("User-Agent") ?? "") ? "onAllReady" : "onShellReady";
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let allRendered = false;
    let failed = false;
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        bootstrapScriptContent: offlineWorkerScript(),
        onAllReady() {
          // Everything rendered: nothing left to abort, and no timer to keep the process alive at shutdown.
          allRendered = true;
          clearTimeout(abortTimer);
          if (readyEvent === "onAllReady") respond();
        },
        onShellReady() {
          if (readyEvent === "onShellReady") respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          // Errors while streaming after the shell are logged here; before it, onShellError reports them.
          if (shellRendered) log.error({ err: error }, "a page failed while it streamed");
        },
      },
    );
    if (!allRendered) abortTimer = setTimeout(abort, streamTimeout + 1000);

    function respond() {
      shellRendered = true;
      if (shared && !failed) {
        const page = new WholePage();
        page.on("finish", () => resolve(sharedAnswer(request, page.text(), nonce, responseHeaders)));
        page.on("error", reject);
        pipe(page);
        return;
      }
      const body = new WriteBatches();
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    }
  });
}

/**
 * A visitor's page for shared caches: its scripts allowed by their hashes rather than a nonce, how long it may be
 * kept, an ETag of its body, and a 304 without the body when the request already has it.
 */
function sharedAnswer(request: Request, rendered: string, nonce: string, headers: Headers): Response {
  const { html, hashes } = hashScripts(rendered, nonce);
  const etag = entityTag(html);
  applySecurityHeaders(headers, { hashes });
  headers.set("Cache-Control", VISITOR_PAGE_CACHE_CONTROL);
  // A shared cache keyed on the address alone would give this page to someone logged in.
  headers.append("Vary", "Cookie");
  headers.set("ETag", etag);
  if (isNotModified(request.headers.get("If-None-Match"), etag)) {
    headers.delete("Content-Type");
    return new Response(null, { headers, status: 304 });
  }
  return new Response(html, { headers, status: 200 });
}

/** Collects a page rendered whole (React calls `flush`, as on any stream it writes to; nothing to do here). */
class WholePage extends Writable {
  private readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    done();
  }

  flush(): void {}

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

/**
 * React writes a page in pieces of 2 KB, then says it has written all it has for now (`flush`, which compressing
 * streams also answer). The pieces of each such batch go on to the browser as one: a results page is some 50 pieces,
 * and each would otherwise be a write of its own all the way to the network.
 */
class WriteBatches extends Transform {
  private pending: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    done();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }

  override _flush(done: TransformCallback): void {
    this.flush();
    done();
  }
}

/** Errors Remix reports while answering: logged, except a browser that went away and a cross-site post we refuse. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isCrossOriginMutation(request)) {
    log.warn(`[security] refused a cross-site ${request.method} to ${new URL(request.url).pathname}`);
    return;
  }
  // As Remix's own default does: an error response that wraps an Error logs the Error.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  log.error({ err: inner ?? error, method: request.method }, "a page's loader or action failed");
};

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  // A cross-site post to a .data URL is stopped by Remix's own origin check before our action guard runs, and Remix
  // answers that with a 500: it gets the 403 every other cross-site post gets.
  if (isCrossOriginMutation(request)) return refusal(request, 403, CROSS_SITE_MESSAGE);
  applySecurityHeaders(response.headers);
  keepPrivate(request, response.headers);
  askToComeBack(response.status, response.headers);
  return response;
};

/**
 * A 503 (the database cannot be reached, app/screens/route-guard.server.ts) says when to try again, as the API and
 * /readyz do: Remix renders the page of a thrown 503 without the thrown Response's own headers.
 */
function askToComeBack(status: number, headers: Headers): void {
  if (status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
}
