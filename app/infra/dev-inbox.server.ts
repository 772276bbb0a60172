import type { AppLoadContext } from "@remix-run/node";
import { type Env, getEnv } from "~/env.server";
import { isLoopbackAddress, isLoopbackHost, isLoopbackHostname } from "~/utils/loopback";

/**
 * The headers a proxy adds to what it forwards. A reverse proxy on this same machine connects from loopback and,
 * left to its defaults (nginx's `proxy_pass`), names the upstream `127.0.0.1:PORT` as the Host: by address and Host
 * alone its callers from anywhere would look like a browser on this machine. A browser never sends these, so any
 * one of them, whatever its value, means someone else's request came through a proxy.
 */
export const FORWARDING_HEADERS = [
  "X-Forwarded-For",
  "X-Forwarded-Host",
  "X-Forwarded-Proto",
  "Forwarded",
  "X-Real-IP",
  "Via",
] as const;

/** True when a request carries any header a proxy adds (FORWARDING_HEADERS), however empty. */
export function isForwarded(request: Request): boolean {
  return FORWARDING_HEADERS.some((name) => request.headers.has(name));
}

/**
 * Whether the development inboxes (/dev/mail, /dev/sms) may answer this request. They show password-reset links,
 * phone codes and every enquiry, so they are for a newcomer trying the app on their own machine only: no
 * PUBLIC_URL (a deployed site always has one), the caller on this machine (the address the server saw, never a
 * header), the Host naming this machine too (a page of another site that a local browser is tricked into loading
 * under another name does not count), and no proxy on the way (isForwarded). Anything else is answered as if the
 * pages did not exist.
 */
export function isDevInboxOpen(request: Request, context: AppLoadContext, env: Env = getEnv()): boolean {
  if (env.PUBLIC_URL) return false;
  if (!isLoopbackAddress(context.clientAddress)) return false;
  if (isForwarded(request)) return false;
  return isLoopbackHost(request.headers.get("Host")) && isLoopbackHostname(new URL(request.url).hostname);
}
