import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { watchNear } from "~/components/ui/when-near";
import type { AreaMapProps } from "./area-map";
import { MapBox } from "./map-box";

/**
 * The area map's code (its frame, and Leaflet after it) loads only when the map is about to be seen: on a phone the
 * map sits far below the first screen, and a visitor who never scrolls to it should not pay for its code, Leaflet
 * and its tiles on a slow connection.
 */
const AreaMap = lazy(() => import("./area-map").then((module) => ({ default: module.AreaMap })));

/**
 * A listing's area map (`AreaMap`), loaded when its box comes near the screen (watchNear). Until then, and without
 * JavaScript, it is the map's own box (MapBox) with `fallback` in a <noscript>, so nothing moves when the map
 * arrives. A browser without IntersectionObserver loads it at once, as every map did before.
 */
export function AreaMapWhenNear(props: AreaMapProps & { className: string; fallback: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) {
      setNear(true);
      return;
    }
    return watchNear(element, () => setNear(true));
  }, []);

  const placeholder = (
    <MapBox ref={box} className={props.className} fallback={props.fallback} status="server" />
  );
  return near ? (
    <Suspense fallback={placeholder}>
      <AreaMap {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}
