import type { AppLoadContext } from "@remix-run/node";
import { type Env, getEnv } from "~/env.server";
import { isLoopbackAddress, isLoopbackHost, isLoopbackHostname } from "~/utils/loopback";

/**
 * Whether the development inboxes (/dev/mail, /dev/sms) may answer this request. They show password-reset links,
 * phone codes and every enquiry, so they are for a newcomer trying the app on their own machine only: no
 * PUBLIC_URL (a deployed site always has one), the caller on this machine (the address the server saw, never a
 * header), and the Host naming this machine too (a page of another site that a local browser is tricked into
 * loading under another name does not count). Anything else is answered as if the pages did not exist.
 */
export function isDevInboxOpen(request: Request, context: AppLoadContext, env: Env = getEnv()): boolean {
  if (env.PUBLIC_URL) return false;
  if (!isLoopbackAddress(context.clientAddress)) return false;
  return isLoopbackHost(request.headers.get("Host")) && isLoopbackHostname(new URL(request.url).hostname);
}
