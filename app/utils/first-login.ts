/**
 * The first-login walk-through (issue: accounts): a new user is led once through their photo, phone and address.
 * Each step's screen shows the progress and, on success or "Skip for now", goes to the next step; the last step
 * records it with POST /user/updateFirstLogin. The flow is marked on the URL with `?flow=first-login`.
 */
export const FIRST_LOGIN_STEPS = [
  { path: "/user-profile/create-profile-photo", label: "Photo" },
  { path: "/user-profile/confirm-phone-number", label: "Phone" },
  { path: "/user-profile/create-profile-address", label: "Address" },
] as const;

export const FIRST_LOGIN_FLOW = "first-login";

export function isFirstLoginFlow(url: string | URL): boolean {
  return new URL(url, "http://x").searchParams.get("flow") === FIRST_LOGIN_FLOW;
}

export function firstLoginStart(): string {
  return `${FIRST_LOGIN_STEPS[0].path}?flow=${FIRST_LOGIN_FLOW}`;
}

/** The step after `path` in the walk-through, or null after the last one. */
export function nextFirstLoginStep(path: string): string | null {
  const index = FIRST_LOGIN_STEPS.findIndex((step) => step.path === path);
  const next = index >= 0 ? FIRST_LOGIN_STEPS[index + 1] : undefined;
  return next ? `${next.path}?flow=${FIRST_LOGIN_FLOW}` : null;
}

/** 1-based position of `path` in the walk-through (0 when it is not a step). */
export function firstLoginStepNumber(path: string): number {
  return FIRST_LOGIN_STEPS.findIndex((step) => step.path === path) + 1;
}
