import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/utils/meta";

/** Any path no other route claims: the Page-not-found page, with status 404. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export const meta: MetaFunction = () =>
  pageMeta("Page not found", "We could not find the page you were looking for.");

export default function NotFound() {
  // The loader always throws, so the error boundary renders the page.
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
