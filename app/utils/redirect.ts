/**
 * Where to send the browser after a step whose target came from outside (the page to return to after logging in,
 * a favourite's `returnTo`, an API answer's `redirectUrl`). One rule for all of them: the target is resolved the way
 * a browser resolves a Location against our origin, and it is kept only if it stays on our origin (or, where a
 * caller allows it, on a payment provider's). Everything else gets the fallback.
 *
 * Targets with control characters, spaces or non-ASCII characters are refused before resolving: a browser drops a
 * tab or a newline inside a URL ("/\t/evil.example" becomes "//evil.example", another site), and a Location header
 * cannot carry non-ASCII text at all (the answer would fail and lose the new session's cookie). Our own links are
 * always percent-encoded, so nothing legitimate is lost.
 */
export type SafeRedirectOptions = {
  /** Our origin ("https://spacesolution.ph"); an absolute URL on it is accepted and made relative. */
  origin?: string;
  /** Other origins the browser may be sent to, as absolute URLs (payment providers). */
  allowedOrigins?: readonly string[];
};

/** Stands for our origin when the caller does not name it: only relative targets can land on it. */
const OWN_ORIGIN = "https://this-site.invalid";
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

export function safeRedirect(to: unknown, fallback = "/", options: SafeRedirectOptions = {}): string {
  if (typeof to !== "string" || !PRINTABLE_ASCII.test(to)) return fallback;
  const origin = options.origin ? new URL(options.origin).origin : OWN_ORIGIN;
  let target: URL;
  try {
    target = new URL(to, `${origin}/`);
  } catch {
    return fallback;
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return fallback;
  if (target.origin === origin) {
    // One leading slash only: a browser reads "//evil.example/x" (or "/\evil.example") as another site.
    return `/${target.pathname.replace(/^[/\\]+/, "")}${target.search}${target.hash}`;
  }
  return options.allowedOrigins?.includes(target.origin) ? target.href : fallback;
}
