/**
 * Push notifications for the bell (docs/product.md, Notifications; docs/decisions/0084-web-push-for-the-bell.md): the
 * rules for a browser's subscription and for the short message a notice becomes on the lock screen.
 */

/** The most browsers one person keeps subscribed; a new one beyond it drops the one added longest ago. */
export const MOST_PUSH_DEVICES = 10;
/** Push services take about 4 KB; a notice's push is a line of title and a little body, well below it. */
export const PUSH_TITLE_MAX = 80;
export const PUSH_BODY_MAX = 180;

export const PUSH_MESSAGES = {
  endpoint: "This browser's push address is not one we can send to. Please try again in another browser.",
  p256dh: "This browser's push key is not valid. Please turn push notifications off and on again.",
  auth: "This browser's push secret is not valid. Please turn push notifications off and on again.",
  added: "Push notifications are on for this device.",
  removed: "Push notifications are off for that device.",
  notFound: "This device was not found among yours.",
} as const;

/** The bytes of a base64url text (padding optional), or null when it is not one. Runs in browsers too. */
export function base64urlBytes(value: string): Uint8Array | null {
  const plain = value.replace(/=+$/, "");
  if (!/^[A-Za-z0-9_-]*$/.test(plain) || plain.length % 4 === 1) return null;
  const binary = atob(
    plain
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(plain.length / 4) * 4, "="),
  );
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A P-256 public key as a browser gives it: 65 bytes, uncompressed (0x04 first). */
export function isP256PublicKey(value: string): boolean {
  const bytes = base64urlBytes(value);
  return bytes !== null && bytes.length === 65 && bytes[0] === 0x04;
}

/** A push subscription's authentication secret: 16 bytes. */
export function isPushAuthSecret(value: string): boolean {
  return base64urlBytes(value)?.length === 16;
}

const PRIVATE_IPV4 = [
  /^0\./,
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^192\.168\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];

/**
 * Whether the app may send to this push address. Browsers' push services are on the public internet over https; an
 * address on this machine or a private network (a way to make the server call inside its own network) is refused,
 * unless `allowLocal` (development and the tests, whose push service runs on this machine over http).
 */
export function isPushEndpointAllowed(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowLocal) return url.protocol === "https:" || url.protocol === "http:";
  if (url.protocol !== "https:") return false;
  const host = url.hostname.toLowerCase();
  if (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host.endsWith(".internal")
  )
    return false;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return !PRIVATE_IPV4.some((range) => range.test(host));
  // Any IPv6 literal: push services are named by host names, and no private range is worth telling apart here.
  if (host.startsWith("[")) return false;
  return host.includes(".");
}

/** A device as the settings list names it: the browser and the system, from the User-Agent it subscribed with. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "A browser";
  const browser = /Edg(e|A|iOS)?\//.test(userAgent)
    ? "Edge"
    : /SamsungBrowser\//.test(userAgent)
      ? "Samsung Internet"
      : /OPR\/|Opera/.test(userAgent)
        ? "Opera"
        : /Firefox\/|FxiOS\//.test(userAgent)
          ? "Firefox"
          : /Chrome\/|CriOS\/|Chromium\//.test(userAgent)
            ? "Chrome"
            : /Safari\//.test(userAgent)
              ? "Safari"
              : "A browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone/.test(userAgent)
      ? "iPhone"
      : /iPad/.test(userAgent)
        ? "iPad"
        : /CrOS/.test(userAgent)
          ? "ChromeOS"
          : /Windows/.test(userAgent)
            ? "Windows"
            : /Mac OS X|Macintosh/.test(userAgent)
              ? "macOS"
              : /Linux/.test(userAgent)
                ? "Linux"
                : null;
  return system ? `${browser} on ${system}` : browser;
}

/** The push a notice becomes: a short title and body (cut with an ellipsis) and the page it opens. */
export function pushPayload(notice: { title: string; body: string; link: string }): string {
  return JSON.stringify({
    title: shorten(notice.title, PUSH_TITLE_MAX),
    body: shorten(notice.body, PUSH_BODY_MAX),
    url: notice.link,
  });
}

function shorten(text: string, most: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= most ? flat : `${flat.slice(0, most - 1).trimEnd()}…`;
}
