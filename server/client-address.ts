import type { Application, Request } from "express";

/**
 * Whom to believe about the caller's address. With `hops` = 0 (TRUST_PROXY's default) the address is the
 * connection's own peer and X-Forwarded-For is ignored, since any client can write one. With `hops` = n the app sits
 * behind n proxies of ours, each appending the address it saw, so the caller is the entry n places from the right:
 * what the outermost proxy of ours saw. Entries further left were written by the client and are never believed.
 * Express's "trust proxy" does exactly this (and so also decides req.protocol and req.hostname from the
 * X-Forwarded-Proto and X-Forwarded-Host those proxies set).
 */
export function trustProxies(app: Application, hops: number): void {
  app.set("trust proxy", hops);
}

/**
 * The caller's address as the app sees it (the load context's `clientAddress`): Express's req.ip under the trust
 * set above, with an IPv4 address that a dual-stack socket reports as IPv4-mapped IPv6 (::ffff:203.0.113.9) written
 * plainly, so one caller always has one address.
 */
export function clientAddress(req: Pick<Request, "ip" | "socket">): string | undefined {
  const address = req.ip ?? req.socket.remoteAddress;
  return address?.replace(/^::ffff:(?=\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$)/i, "");
}
