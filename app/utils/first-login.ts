import { safeRedirect } from "~/utils/redirect";

/**
 * The first-login walk-through (issue: accounts): a new user is led once through their photo, phone and address.
 * Each step's screen shows the progress and, on success or "Skip for now", goes to the next step; the last step
 * records it with POST /user/updateFirstLogin. The flow is marked on the URL with `?flow=first-login`.
 *
 * A newcomer who was on their way somewhere (reserving a space, asking for a viewing) when they signed up keeps
 * that page on the walk-through's URL as `redirectTo`, checked by safeRedirect at every read; the last step ends
 * there instead of on the home page.
 */
export const FIRST_LOGIN_STEPS = [
  { path: "/user-profile/create-profile-photo", label: "Photo" },
  { path: "/user-profile/confirm-phone-number", label: "Phone" },
  { path: "/user-profile/create-profile-address", label: "Address" },
] as const;

export const FIRST_LOGIN_FLOW = "first-login";

function searchOf(url: string | URL): URLSearchParams {
  return new URL(url, "http://x").searchParams;
}

export function isFirstLoginFlow(url: string | URL): boolean {
  return searchOf(url).get("flow") === FIRST_LOGIN_FLOW;
}

/** Where the walk-through on `url` ends: the page kept on it (a path on this site), else home. */
export function firstLoginEnd(url: string | URL): string {
  return safeRedirect(searchOf(url).get("redirectTo"), "/");
}

function stepUrl(path: string, redirectTo: string | null | undefined): string {
  const to = safeRedirect(redirectTo, "/");
  const query = new URLSearchParams({ flow: FIRST_LOGIN_FLOW, ...(to === "/" ? {} : { redirectTo: to }) });
  return `${path}?${query}`;
}

/** The walk-through's first step, ending at `redirectTo` (the page the new user was going to) or home. */
export function firstLoginStart(redirectTo?: string | null): string {
  return stepUrl(FIRST_LOGIN_STEPS[0].path, redirectTo);
}

/**
 * The step after `path`, keeping where the walk-through on `current` (the step's own URL) ends; null after the
 * last one.
 */
export function nextFirstLoginStep(path: string, current: string | URL = path): string | null {
  const index = FIRST_LOGIN_STEPS.findIndex((step) => step.path === path);
  const next = index >= 0 ? FIRST_LOGIN_STEPS[index + 1] : undefined;
  return next ? stepUrl(next.path, searchOf(current).get("redirectTo")) : null;
}

/** 1-based position of `path` in the walk-through (0 when it is not a step). */
export function firstLoginStepNumber(path: string): number {
  return FIRST_LOGIN_STEPS.findIndex((step) => step.path === path) + 1;
}
