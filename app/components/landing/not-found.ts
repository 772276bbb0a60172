import { pageMeta } from "~/utils/meta";

/**
 * For routes with a parameter (a segment, a solution): an unknown value is the usual Page-not-found, status 404,
 * rendered by the error boundary with the same title as app/routes/$.tsx.
 */
export function notFound(): never {
  throw new Response("Not found", { status: 404 });
}

export function notFoundMeta() {
  return pageMeta("Page not found", "We could not find the page you were looking for.");
}
