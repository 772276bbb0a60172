import { createCookie, redirect } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { type Toast, ToastSchema } from "~/utils/toast";

/**
 * A toast flashed through a signed cookie: set with a redirect, read (and cleared) by the root loader,
 * so it shows without JavaScript.
 */
const TOAST_COOKIE_NAME = "ss_toast";

function toastCookie() {
  const env = getEnv();
  return createCookie(TOAST_COOKIE_NAME, {
    secrets: [env.SESSION_SECRET],
    httpOnly: true,
    sameSite: "lax",
    secure: env.secureCookies,
    path: "/",
    maxAge: 60,
  });
}

export function toastCookieHeader(toast: Toast): Promise<string> {
  return toastCookie().serialize(toast);
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookieHeader(toast));
  return redirect(url, { ...init, headers });
}

/** The flashed toast of a request, and the Set-Cookie that clears it once shown. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookie = toastCookie();
  const value = await cookie.parse(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(value);
  const headers = new Headers();
  if (value !== null && value !== undefined) {
    headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0, expires: new Date(0) }));
  }
  return { toast: parsed.success ? parsed.data : null, headers };
}
