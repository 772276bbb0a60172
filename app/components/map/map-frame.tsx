/**
 * What the three maps share (map.tsx has their story): the box, the tiles from the root loader and the loading of
 * Leaflet after hydration. A module of its own so that a page with one kind of map loads only that one.
 */
import { useRouteLoaderData } from "@remix-run/react";
import leafletStylesheet from "leaflet/dist/leaflet.css";
import { type ReactNode, type RefObject, useEffect } from "react";
import type { loader as rootLoader } from "~/root";
import type { MapHandle, MapTiles } from "./leaflet.client";
import { MapBox, type Status } from "./map-box";

export type { Status };

type Engine = typeof import("./leaflet.client");

/** Tiles as the root loader passes them on from the environment; none when the root has no data (error pages). */
export function useMapTiles(): MapTiles {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return {
    url: root?.publicEnv.MAP_TILE_URL ?? "",
    attribution: root?.publicEnv.MAP_TILE_ATTRIBUTION ?? "",
  };
}

/**
 * Loads Leaflet and its stylesheet, then mounts a map with `mount` into the container; returns the cleanup for a
 * `useEffect`. Status goes "loading" → "ready", or "failed" when the code or stylesheet cannot be fetched.
 */
export function startMap<H extends MapHandle>(
  container: RefObject<HTMLDivElement>,
  handle: { current: H | null },
  setStatus: (status: Status) => void,
  mount: (engine: Engine, element: HTMLDivElement) => H,
): () => void {
  let cancelled = false;
  setStatus("loading");
  (async () => {
    try {
      const engine = await import("./leaflet.client");
      await engine.ensureStylesheet(leafletStylesheet);
      if (cancelled || !container.current) return;
      handle.current = mount(engine, container.current);
      setStatus("ready");
    } catch {
      if (!cancelled) setStatus("failed");
    }
  })();
  return () => {
    cancelled = true;
    handle.current?.destroy();
    handle.current = null;
  };
}

type FrameProps = {
  label: string;
  className: string;
  fallback: ReactNode;
  status: Status;
  container: RefObject<HTMLDivElement>;
};

/**
 * The box every map lives in. Before hydration it shows `fallback` inside <noscript> (so only browsers without
 * JavaScript see it) or, when `fallback` is null, stays hidden. Leaflet gets its own empty element, which becomes
 * the named, focusable region once the map is drawn.
 */
export function MapFrame({ label, className, fallback, status, container }: FrameProps) {
  useEffect(() => {
    const element = container.current;
    if (!element || status === "server") return;
    element.setAttribute("role", "region");
    element.setAttribute("aria-label", label);
  }, [container, label, status]);
  return (
    <MapBox
      className={className}
      fallback={fallback}
      status={status}
      hidden={fallback === null && status === "server"}
    >
      {status === "failed" ? (
        <p className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-600">
          The map could not be loaded.
        </p>
      ) : null}
      <div ref={container} className="absolute inset-0" />
    </MapBox>
  );
}

export type CommonProps = {
  /** The map's accessible name (its region's aria-label). */
  label?: string;
  /** Sizes the box: give it a height, e.g. "h-72" or "h-96 md:h-[32rem]" (no display utilities). */
  className?: string;
  /** What browsers without JavaScript see in the box; null: no box at all without JavaScript. */
  fallback?: ReactNode;
  /** Overrides the tiles from MAP_TILE_URL / MAP_TILE_ATTRIBUTION (an empty url: no tiles). */
  tiles?: MapTiles;
};
