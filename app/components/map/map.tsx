/**
 * The maps (docs/architecture.md, "Maps"): `PinPicker` (the listing wizard's pin) and `MarkersMap` (search results
 * and city pages) here, and `AreaMap` (a listing's approximate location) in area-map.tsx, so that the listing page
 * loads only its own map (its JavaScript budget, bench/); map-frame.tsx holds what the three share.
 *
 * A map is an enhancement. On the server, and with JavaScript off, each renders a plain box of its height with a
 * short text (or nothing, with `fallback={null}`); the page must work without it. After hydration the component
 * loads Leaflet and its stylesheet with a dynamic import (leaflet.client.ts), so no route ships Leaflet in its
 * first JavaScript and no page without a map loads the stylesheet. Tiles come from MAP_TILE_URL (the root loader's
 * `publicEnv`); empty means no tiles, just the markers on a plain background.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { type Bounds, type Coordinates, MANILA, PHILIPPINES_CENTER } from "~/domain/geo";
import type { MapHandle, MapMarker, MarkersMapHandle } from "./leaflet.client";
import { type CommonProps, MapFrame, type Status, startMap, useMapTiles } from "./map-frame";

export type { MapMarker, MapTiles } from "./leaflet.client";

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
