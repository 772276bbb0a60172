/**
 * /parking/listings/{id}/{slug}: the same page as storage's (one module for both types). A storage listing's id here
 * redirects to /storage/listings/… and the other way round.
 */
export { action, default, ErrorBoundary, loader, meta } from "./storage.listings.$id.($slug)";
