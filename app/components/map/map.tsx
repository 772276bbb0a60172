/**
 * The maps (docs/architecture.md, "Maps"): `PinPicker` (the listing wizard's pin), `MarkersMap` (search results and
 * city pages) and `AreaMap` (a listing's approximate location).
 *
 * A map is an enhancement. On the server, and with JavaScript off, each renders a plain box of its height with a
 * short text (or nothing, with `fallback={null}`); the page must work without it. After hydration the component
 * loads Leaflet and its stylesheet with a dynamic import (leaflet.client.ts), so no route ships Leaflet in its
 * first JavaScript and no page without a map loads the stylesheet. Tiles come from MAP_TILE_URL (the root loader's
 * `publicEnv`); empty means no tiles, just the markers on a plain background.
 */
import { useNavigate, useRouteLoaderData } from "@remix-run/react";
import leafletStylesheet from "leaflet/dist/leaflet.css";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import {
  APPROXIMATE_RADIUS_METRES,
  type Bounds,
  type Coordinates,
  MANILA,
  PHILIPPINES_CENTER,
} from "~/domain/geo";
import type { loader as rootLoader } from "~/root";
import type { MapHandle, MapMarker, MapTiles, MarkersMapHandle } from "./leaflet.client";

export type { MapMarker, MapTiles } from "./leaflet.client";

type Engine = typeof import("./leaflet.client");
type Status = "server" | "loading" | "ready" | "failed";

/** Tiles as the root loader passes them on from the environment; none when the root has no data (error pages). */
function useMapTiles(): MapTiles {
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
function startMap<H extends MapHandle>(
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
 * the named, focusable region once the map is drawn. `isolate` keeps Leaflet's z-indexes under the site's menus.
 */
function MapFrame({ label, className, fallback, status, container }: FrameProps) {
  useEffect(() => {
    const element = container.current;
    if (!element || status === "server") return;
    element.setAttribute("role", "region");
    element.setAttribute("aria-label", label);
  }, [container, label, status]);
  return (
    <div
      className={`relative isolate overflow-hidden rounded-lg border border-slate-300 bg-slate-100 ${className}`}
      hidden={fallback === null && status === "server"}
      data-map-status={status}
    >
      {fallback === null ? null : (
        <noscript>
          <p className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-600">
            {fallback}
          </p>
        </noscript>
      )}
      {status === "failed" ? (
        <p className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-600">
          The map could not be loaded.
        </p>
      ) : null}
      <div ref={container} className="absolute inset-0" />
    </div>
  );
}

type CommonProps = {
  /** The map's accessible name (its region's aria-label). */
  label?: string;
  /** Sizes the box: give it a height, e.g. "h-72" or "h-96 md:h-[32rem]" (no display utilities). */
  className?: string;
  /** What browsers without JavaScript see in the box; null: no box at all without JavaScript. */
  fallback?: ReactNode;
  /** Overrides the tiles from MAP_TILE_URL / MAP_TILE_ATTRIBUTION (an empty url: no tiles). */
  tiles?: MapTiles;
};

export type PinPickerProps = CommonProps & {
  /** The id of the route's latitude <input> (type="number" step="any") that the pin reads and writes. */
  latitudeInputId: string;
  /** The id of the route's longitude <input> (type="number" step="any") that the pin reads and writes. */
  longitudeInputId: string;
  /** Where the map centres while the inputs are empty (the address's city, say). Default: Manila. */
  center?: Coordinates;
  /** Default 16 (streets and buildings). */
  zoom?: number;
};

/**
 * A draggable pin synced with two inputs the route renders (the step works without JavaScript through those
 * inputs alone). The pin starts at the inputs' values; with empty inputs there is no pin until the map is clicked.
 * Dragging the pin, clicking the map or pressing arrow keys on the focused pin writes both inputs, rounded to 6
 * decimals; typing in the inputs moves the pin.
 */
export function PinPicker({
  latitudeInputId,
  longitudeInputId,
  center = MANILA,
  zoom = 16,
  label = "Map: drag the pin to where your space is",
  className = "h-72",
  fallback = "The map needs JavaScript. Type the latitude and longitude below instead.",
  tiles,
}: PinPickerProps) {
  const defaults = useMapTiles();
  const { url, attribution } = tiles ?? defaults;
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const [status, setStatus] = useState<Status>("server");
  // The centre only places the first view: a new one does not move a map the user is working with.
  const firstView = useRef({ center, zoom });

  useEffect(() => {
    return startMap(container, handle, setStatus, (engine, element) => {
      const latitudeInput = document.getElementById(latitudeInputId);
      const longitudeInput = document.getElementById(longitudeInputId);
      if (!(latitudeInput instanceof HTMLInputElement) || !(longitudeInput instanceof HTMLInputElement)) {
        throw new Error(`PinPicker: no <input> with id "${latitudeInputId}" or "${longitudeInputId}".`);
      }
      return engine.mountPinPicker(element, {
        tiles: { url, attribution },
        latitudeInput,
        longitudeInput,
        ...firstView.current,
      });
    });
  }, [latitudeInputId, longitudeInputId, url, attribution]);

  return (
    <MapFrame label={label} className={className} fallback={fallback} status={status} container={container} />
  );
}

export type MarkersMapProps = CommonProps & {
  /** Each a short label (a price such as "₱3,000") linking to `href`, a path on this site. */
  markers: readonly MapMarker[];
  /** The first view (e.g. parsed from `?bounds=`); else the map fits the markers; else `center` and `zoom`. */
  bounds?: Bounds | null;
  /** The first view when there are neither bounds nor markers. Default: the whole Philippines. */
  center?: Coordinates;
  zoom?: number;
  /** The marker to highlight (e.g. the result under the pointer in a list). */
  activeId?: string | null;
  /**
   * Called 400 ms after the user stops panning or zooming (never for the first view or for marker updates),
   * with the visible bounds rounded to 5 decimals; format them for the URL with `formatBounds`.
   */
  onBoundsChange?: (bounds: Bounds) => void;
};

/**
 * Labelled markers that link to their pages (client-side navigation on a plain click). The view is set once, when
 * the map is drawn; new `markers` replace the old ones without moving the map, so "search as the map moves" cannot
 * loop. To start over (a new city, say), give the component a new `key`.
 */
export function MarkersMap({
  markers,
  bounds = null,
  center = PHILIPPINES_CENTER,
  zoom = 6,
  activeId = null,
  onBoundsChange,
  label = "Map of the spaces",
  className = "h-96",
  fallback = "The map needs JavaScript. Every space on it is in the list.",
  tiles,
}: MarkersMapProps) {
  const defaults = useMapTiles();
  const { url, attribution } = tiles ?? defaults;
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<MarkersMapHandle | null>(null);
  const [status, setStatus] = useState<Status>("server");
  // Read when the map is drawn, and by its callbacks, without drawing it again.
  const latest = useRef({ markers, activeId, bounds, center, zoom, onBoundsChange, navigate });
  latest.current = { markers, activeId, bounds, center, zoom, onBoundsChange, navigate };

  useEffect(() => {
    return startMap(container, handle, setStatus, (engine, element) => {
      const first = latest.current;
      return engine.mountMarkersMap(element, {
        tiles: { url, attribution },
        markers: first.markers,
        activeId: first.activeId,
        bounds: first.bounds,
        center: first.center,
        zoom: first.zoom,
        onBoundsChange: (visible) => latest.current.onBoundsChange?.(visible),
        onNavigate: (href) => latest.current.navigate(href),
      });
    });
  }, [url, attribution]);

  // Redraw the markers when their content changes (not merely the array's identity).
  const markersKey = JSON.stringify(markers);
  useEffect(() => {
    if (status !== "ready") return;
    handle.current?.setMarkers(JSON.parse(markersKey) as MapMarker[], activeId);
  }, [markersKey, activeId, status]);

  return (
    <MapFrame label={label} className={className} fallback={fallback} status={status} container={container} />
  );
}

export type AreaMapProps = CommonProps & {
  /** The circle's centre: an approximate point from `approximate()` on the server, never the exact address. */
  center: Coordinates;
  /** Default APPROXIMATE_RADIUS_METRES (300 m), which holds the real point of an `approximate()` result. */
  radiusMetres?: number;
};

/** A shaded circle showing roughly where something is, with no pin. */
export function AreaMap({
  center,
  radiusMetres = APPROXIMATE_RADIUS_METRES,
  label = "Map of the approximate location",
  className = "h-64",
  fallback = "The map needs JavaScript.",
  tiles,
}: AreaMapProps) {
  const defaults = useMapTiles();
  const { url, attribution } = tiles ?? defaults;
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const [status, setStatus] = useState<Status>("server");
  const { latitude, longitude } = center;

  useEffect(() => {
    return startMap(container, handle, setStatus, (engine, element) =>
      engine.mountAreaMap(element, {
        tiles: { url, attribution },
        center: { latitude, longitude },
        radiusMetres,
      }),
    );
  }, [latitude, longitude, radiusMetres, url, attribution]);

  return (
    <MapFrame label={label} className={className} fallback={fallback} status={status} container={container} />
  );
}
