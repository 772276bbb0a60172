import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** The one error boundary: a page that says what happened in plain words, with a way home. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <PageNotFound />;
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 403
      ? "You are not allowed to do that."
      : status === 413
        ? "What you sent is too large."
        : "Something went wrong on our side. Please try again in a moment.";
  return (
    <section className="mx-auto max-w-xl px-6 py-20 text-center">
      <p className="text-sm font-semibold text-brand-700">Error {status}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">We could not show this page</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Go to the home page
      </Link>
    </section>
  );
}

export function PageNotFound() {
  return (
    <section className="mx-auto max-w-xl px-6 py-20 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-4 text-slate-700">
        We could not find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Go to the home page
        </Link>
        <Link
          to="/search-space"
          className="rounded-md border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Find a space
        </Link>
      </div>
    </section>
  );
}
