import { useNonce } from "~/utils/nonce";

/**
 * Registers the service worker (public/sw.js: the app shell and the offline copies of a person's gate passes,
 * bookings and receipts; docs/decisions/0082-offline-pages-by-our-own-service-worker.md) once the page has loaded, so
 * it never competes with the page itself. A few bytes inline rather than a module: first pages carry no more
 * JavaScript to fetch. The build's version goes in the worker's address, so each deployment installs a new worker.
 * Browsers without service workers, and pages with JavaScript off, simply work as before.
 */
const REGISTER =
  'if("serviceWorker"in navigator)addEventListener("load",function(){navigator.serviceWorker.register("/sw.js?v="+encodeURIComponent((window.__remixManifest||{}).version||""))})';

export function OfflineWorker() {
  const nonce = useNonce();
  // Only in production builds: the development server's live reload has no use for an offline copy.
  if (process.env.NODE_ENV !== "production") return null;
  // The browser hides a nonce once read, so the attribute differs when React takes the page over: as Remix's own scripts.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this module, no user text
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: REGISTER }} />;
}
