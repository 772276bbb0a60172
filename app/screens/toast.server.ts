import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { getEnv } from "~/env.server";
import { TOAST_TITLES, type Toast } from "~/utils/toast";

/**
 * A toast flashed through a signed cookie: set with a redirect, read (and cleared) by the root loader,
 * so it shows without JavaScript.
 */
const TOAST_COOKIE_NAME = "ss_toast";

/** What a toast cookie may hold; anything else is ignored. */
const ToastSchema: z.ZodType<Toast> = z.object({
  id: z.string().max(64).optional(),
  type: z.enum(Object.keys(TOAST_TITLES) as [keyof typeof TOAST_TITLES]),
  title: z.string().max(80).optional(),
  description: z.string().max(500),
  duration: z.number().int().min(1000).max(60_000).optional(),
});

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
  const headers = new Headers();
  // Most requests carry no toast: nothing to check or clear.
  if (value === null || value === undefined) return { toast: null, headers };
  const parsed = ToastSchema.safeParse(value);
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0, expires: new Date(0) }));
  return { toast: parsed.success ? parsed.data : null, headers };
}
