/**
 * Where to send a user back to after logging in: a path on this site only, never another origin
 * ("//evil.example", "https://…", "/\\evil.example" are refused).
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  if (/[\r\n]/.test(to)) return fallback;
  return to;
}
