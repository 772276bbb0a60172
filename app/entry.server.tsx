import { Transform, type TransformCallback } from "node:stream";
import {
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { keepPage, keptPage, keptPageKey } from "~/services/kept-pages.server";
import {
  applySecurityHeaders,
  CROSS_SITE_MESSAGE,
  createNonce,
  isCrossOriginMutation,
  keepPrivate,
  RETRY_AFTER_SECONDS,
  refusal,
} from "~/services/security.server";
import { NonceProvider } from "./utils/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, nonce);
  keepPrivate(request, responseHeaders);
  askToComeBack(responseStatusCode, responseHeaders);
  // Crawlers and link previews (chat apps) get the whole page at once; people get it streamed.
  const readyEvent = isbot(request.headers.get("User-Agent") ?? "") ? "onAllReady" : "onShellReady";
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  // A visitor's page rendered before from the very same data goes out again, with this answer's nonce.
  const keptKey = keptPageKey(request, responseStatusCode, remixContext);
  const kept = keptKey ? keptPage(keptKey, nonce) : undefined;
  if (kept) {
    // Its data is already in the kept page: the stream that would carry it to the browser is left unread.
    return Promise.resolve(new Response(kept, { headers: responseHeaders, status: responseStatusCode }));
  }

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
          if (shellRendered) console.error(error);
        },
      },
    );
    if (!allRendered) abortTimer = setTimeout(abort, streamTimeout + 1000);

    function respond() {
      shellRendered = true;
      // A page that may be kept is kept once it has been written whole, without an error.
      const body = new WriteBatches(
        keptKey && responseStatusCode === 200
          ? (html) => {
              if (allRendered && !failed) keepPage(keptKey, html, nonce);
            }
          : undefined,
      );
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
 * React writes a page in pieces of 2 KB, then says it has written all it has for now (`flush`, which compressing
 * streams also answer). The pieces of each such batch go on to the browser as one: a results page is some 50 pieces,
 * and each would otherwise be a write of its own all the way to the network.
 */
class WriteBatches extends Transform {
  private pending: Buffer[] = [];
  /** Everything written, when the whole page is wanted at its end. */
  private readonly written: Buffer[] | undefined;

  /** `onEnd`, when given, gets the whole page once it has all been written. */
  constructor(private readonly onEnd?: (page: Buffer) => void) {
    super();
    this.written = onEnd ? [] : undefined;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    this.written?.push(chunk);
    done();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }

  override _flush(done: TransformCallback): void {
    this.flush();
    if (this.written && this.onEnd) this.onEnd(Buffer.concat(this.written));
    done();
  }
}

/** Errors Remix reports while answering: logged, except a browser that went away and a cross-site post we refuse. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isCrossOriginMutation(request)) {
    console.warn(`[security] refused a cross-site ${request.method} to ${new URL(request.url).pathname}`);
    return;
  }
  // As Remix's own default does: an error response that wraps an Error logs the Error.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
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
 * A 503 (the database cannot be reached, app/services/route-guard.server.ts) says when to try again, as the API and
 * /readyz do: Remix renders the page of a thrown 503 without the thrown Response's own headers.
 */
function askToComeBack(status: number, headers: Headers): void {
  if (status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
}
