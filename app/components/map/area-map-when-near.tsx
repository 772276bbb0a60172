import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { AreaMapProps } from "./area-map";

/**
 * The area map's code (its frame, and Leaflet after it) loads only when the map is about to be seen: on a phone the
 * map sits far below the first screen, and a visitor who never scrolls to it should not pay for its code, Leaflet
 * and its tiles on a slow connection.
 */
const AreaMap = lazy(() => import("./area-map").then((module) => ({ default: module.AreaMap })));

/** How far below the screen the map starts loading, so it is usually drawn by the time it is scrolled into view. */
const AHEAD = "400px 0px";

/**
 * A listing's area map (`AreaMap`), loaded when its box comes within AHEAD of the screen. Until then, and without
 * JavaScript, it is the same box as the map's (MapFrame's) with `fallback` in a <noscript>, so nothing moves when the
 * map arrives. A browser without IntersectionObserver loads it at once, as every map did before.
 */
export function AreaMapWhenNear(props: AreaMapProps & { className: string; fallback: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver !== "function") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // MapFrame's box, as it is before the map is drawn.
  const placeholder = (
    <div
      ref={box}
      className={`relative isolate overflow-hidden rounded-lg border border-slate-300 bg-slate-100 ${props.className}`}
      data-map-status="server"
    >
      <noscript>
        <p className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-600">
          {props.fallback}
        </p>
      </noscript>
    </div>
  );
  return near ? (
    <Suspense fallback={placeholder}>
      <AreaMap {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}
