/**
 * What the HTTP server hands every loader and action besides the request (Remix's load context).
 * `clientAddress` is the caller's address: the socket's peer, or, behind TRUST_PROXY trusted proxies, the address
 * they report in X-Forwarded-For. Every per-address limit counts by it; a client's own X-Forwarded-For is never
 * trusted beyond those hops.
 */
declare module "@remix-run/node" {
  interface AppLoadContext {
    clientAddress?: string;
  }
}

export {};
