import { forwardRef, type ReactNode } from "react";

export type Status = "server" | "loading" | "ready" | "failed";

type BoxProps = {
  className: string;
  /** Shown inside <noscript>, so only browsers without JavaScript see it; null for none. */
  fallback: ReactNode;
  status: Status;
  hidden?: boolean;
  children?: ReactNode;
};

/**
 * The box a map lives in (MapFrame's), and the stand-in a map whose code is still to come shows in its place: one
 * markup, so nothing moves when the map arrives. `isolate` keeps Leaflet's z-indexes under the site's menus. A module
 * of its own, so that the stand-in does not bring the map's code with it.
 */
export const MapBox = forwardRef<HTMLDivElement, BoxProps>(function MapBox(
  { className, fallback, status, hidden, children },
  ref,
) {
  return (
    <div
      ref={ref}
      className={`relative isolate overflow-hidden rounded-lg border border-slate-300 bg-slate-100 ${className}`}
      hidden={hidden}
      data-map-status={status}
    >
      {fallback === null ? null : (
        <noscript>
          <p className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-600">
            {fallback}
          </p>
        </noscript>
      )}
      {children}
    </div>
  );
});
