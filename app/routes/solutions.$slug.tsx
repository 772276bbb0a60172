import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { notFound, notFoundMeta } from "~/components/landing/not-found";
import { solutionTarget } from "~/content/solutions";

/**
 * /solutions/<slug>: the old solution pages, moved for good to a storage or parking page (docs/product.md, Redirects),
 * keeping any query string (campaign tags). An unknown solution is Page-not-found.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const target = solutionTarget(params.slug);
  if (!target) notFound();
  return redirect(`${target}${new URL(request.url).search}`, 301);
}

export const meta: MetaFunction = () => notFoundMeta();

/** Never rendered: the loader redirects or throws, and the error boundary shows Page-not-found. */
export default function Solution() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
