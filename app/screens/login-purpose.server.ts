import { viewSpaceBrief } from "~/api/space/listing-page.server";
import { api } from "~/screens/api.server";
import { safeRedirect } from "~/utils/redirect";

/**
 * Why a visitor is on the login or sign-up page: what the page they are going back to (`redirectTo`) does. A visitor
 * who pressed Reserve reads "Log in to reserve <the listing's title>", so the page that interrupts them says what it
 * is for and that they will come back to it.
 */
type Purpose = { action: "reserve" | "viewing"; spaceId: string };

/** What a way back leads to, read from its path alone (null for pages that need no words). */
export function purposeOf(redirectTo: string | null): Purpose | null {
  const to = safeRedirect(redirectTo, "");
  if (!to) return null;
  const url = new URL(to, "http://x");
  const spaceId = url.searchParams.get("spaceId");
  if (!spaceId) return null;
  if (url.pathname === "/messages/schedule-a-visit" || url.pathname === "/reserve-space/ask-for-visit") {
    return { action: "viewing", spaceId };
  }
  return url.pathname.startsWith("/reserve-space/") ? { action: "reserve", spaceId } : null;
}

/** "reserve Secure storage room in Makati" — what the visitor will do once logged in — or null. */
export async function loginPurpose(request: Request, redirectTo: string | null): Promise<string | null> {
  const purpose = purposeOf(redirectTo);
  if (!purpose) return null;
  const brief = await api(request).call(viewSpaceBrief, { query: { spaceId: purpose.spaceId } });
  const title = brief.ok && brief.result.spaceTitle ? brief.result.spaceTitle : "this space";
  return purpose.action === "reserve" ? `reserve ${title}` : `ask for a viewing of ${title}`;
}
