import {
  type ErrorResponse,
  isRouteErrorResponse,
  Link,
  type Params,
  useParams,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";

/** What a route shows for one status it throws (a Response with that status), given the error and the URL's params. */
export type StatusHandler = (info: { error: ErrorResponse; params: Params }) => ReactNode;

const UNEXPECTED = "Something went wrong on our side. Please try again in a moment.";

/** What every route shows for these statuses unless it says otherwise. */
const DEFAULT_STATUS_HANDLERS: Record<number, StatusHandler> = {
  403: () => <ErrorPage status={403} message="You are not allowed to do that." />,
  404: () => <PageNotFound />,
  405: () => <ErrorPage status={405} message="This page cannot be reached that way." />,
  413: () => <ErrorPage status={413} message="What you sent is too large." />,
  415: () => <ErrorPage status={415} message="This page takes a form, and what was sent is not one." />,
  503: () => (
    <ErrorPage
      status={503}
      message="Space Solution is unavailable for a moment. Please try again in a minute."
    />
  ),
};

/**
 * The one error boundary: a page that says what happened in plain words, with a way home. A route passes
 * `statusHandlers` to say what a status shows on its pages (a 404 or a 403 in its own words); the others keep the
 * defaults above. An error that is not a thrown Response is logged and shown as a 500.
 */
export function GeneralErrorBoundary({
  statusHandlers,
}: {
  statusHandlers?: Record<number, StatusHandler>;
} = {}) {
  const error = useRouteError();
  const params = useParams();
  if (!isRouteErrorResponse(error)) {
    // In the browser, for whoever looks at its console; the server's log has it already (entry.server.tsx).
    if (typeof document !== "undefined") console.error(error);
    return <ErrorPage status={500} message={UNEXPECTED} />;
  }
  const handler = statusHandlers?.[error.status] ?? DEFAULT_STATUS_HANDLERS[error.status];
  if (handler) return handler({ error, params });
  // A refusal of what was sent (a form that could not be read) says why in its own words.
  const said =
    error.status < 500 && typeof error.data === "string" && error.data.length < 200 ? error.data : "";
  return <ErrorPage status={error.status} message={said || UNEXPECTED} />;
}

/** An error's page: its status, a plain-words message, and a way home. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
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
