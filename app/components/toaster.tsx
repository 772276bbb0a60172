import { useLocation, useMatches } from "@remix-run/react";
import { useContext, useEffect, useState } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { useHydrated } from "~/components/ui/use-hydrated";
import { type Toast, toastDuration, toastTitle } from "~/utils/toast";

/**
 * Shows one toast at a time, top-center (docs/product.md, Toasts). The toast comes from the current action's data, else
 * the deepest route's loader data (the root loader's being the one flashed through the cookie). The server
 * renders it, so it shows without JavaScript, and CSS hides it when its time is up; JavaScript adds a close button.
 */
export function Toaster() {
  const toast = useShownToast();
  const [closedId, setClosedId] = useState<string | null>(null);
  const hydrated = useHydrated();
  if (!toast || (toast.id && toast.id === closedId)) return null;
  const styles = STYLES[toast.type];
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-3">
      <div
        // Its time starts again once the page is live (a new element restarts the CSS animation): a slow phone that
        // took long to load the page still shows the toast for its full time, with the close button.
        key={`${toast.id}:${hydrated ? "live" : "static"}`}
        role={toast.type === "error" || toast.type === "warning" ? "alert" : "status"}
        className={`toast pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-l-4 bg-white p-4 shadow-lg ${styles}`}
        style={{ animationDelay: `${toastDuration(toast)}ms` }}
        data-testid="toast"
      >
        <div className="flex-1">
          <p className="font-semibold">{toastTitle(toast)}</p>
          <p className="text-sm text-slate-700">{toast.description}</p>
        </div>
        {hydrated ? (
          <button
            type="button"
            onClick={() => setClosedId(toast.id ?? "")}
            className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label="Close notification"
          >
            <svg
              viewBox="0 0 24 24"
              className="h-5 w-5"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        ) : null}
      </div>
    </div>
  );
}

const STYLES: Record<Toast["type"], string> = {
  success: "border-green-600",
  warning: "border-amber-500",
  error: "border-red-600",
  info: "border-brand-500",
};

function hasToast(value: unknown): value is { toast: Toast } {
  return (
    typeof value === "object" &&
    value !== null &&
    "toast" in value &&
    Boolean((value as { toast: unknown }).toast)
  );
}

/**
 * The current toast, kept on screen until its time is up when only a revalidation took it away: a live update
 * reloads the page's data, and the root loader then finds the flashed toast's cookie already read. A navigation
 * (a new location) drops it.
 */
function useShownToast(): Toast | null {
  const current = useCurrentToast();
  const { key } = useLocation();
  const [held, setHeld] = useState<{ toast: Toast; key: string } | null>(null);
  useEffect(() => {
    if (current) setHeld({ toast: current, key });
  }, [current, key]);
  if (current) return current;
  return held?.key === key ? held.toast : null;
}

function useCurrentToast(): Toast | null {
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const matches = useMatches();
  const fromAction = Object.values(routerState?.actionData ?? {}).findLast(hasToast);
  if (fromAction) return fromAction.toast;
  const fromLoader = matches.map((match) => match.data).findLast(hasToast);
  return fromLoader?.toast ?? null;
}
