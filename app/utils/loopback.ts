/**
 * "This machine" in addresses and Host names. Only a request that comes from this machine and names it may see
 * the development inboxes or have links built from its Host; anything else is the public internet.
 */

/** The Host names that mean this machine (a URL's hostname: IPv6 in brackets). */
const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True for the hostname of a Host header or URL that names this machine: localhost, 127.0.0.1 or [::1]. */
export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.has(hostname.toLowerCase());
}

/** True when a Host header (name and optional port) names this machine. */
export function isLoopbackHost(host: string | null | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(`http://${host}`);
    // Only a bare host[:port]: anything that parses into a path, user or query is not a Host header.
    return url.host === host.toLowerCase() && isLoopbackHostname(url.hostname);
  } catch {
    return false;
  }
}

/**
 * True for a peer address on this machine: 127.0.0.0/8, ::1, or those written as IPv4-mapped IPv6
 * (::ffff:127.0.0.1), which is how a server listening on every interface sees a local IPv4 caller.
 */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (plain === "::1" || plain === "0:0:0:0:0:0:0:1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}
