/**
 * The Leaflet side of the maps: loaded only in the browser, by `import("./leaflet.client")` in map.tsx after the
 * page has hydrated, so Leaflet is never part of a route's first JavaScript. Each `mount*` function draws one kind
 * of map into an empty container and returns a handle whose `destroy()` removes it again.
 *
 * Markers are `L.divIcon`s styled with Tailwind (Leaflet's image markers lose their images in bundlers).
 */
import * as L from "leaflet";
import {
  type Bounds,
  type Coordinates,
  isLatitude,
  isLongitude,
  normalizeBounds,
  roundCoordinate,
} from "~/domain/geo";

export type MapTiles = { readonly url: string; readonly attribution: string };

/** A point on the search and city maps: a short label (a price) that links to `href` (a path on this site). */
export type MapMarker = {
  readonly id: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly label: string;
  readonly href: string;
  /** Said by screen readers and shown on hover before the label, e.g. "Garage in Makati". */
  readonly title?: string;
};

export type MapHandle = { destroy(): void };

export type MarkersMapHandle = MapHandle & {
  setMarkers(markers: readonly MapMarker[], activeId: string | null): void;
};

/** Adds Leaflet's stylesheet to the page once (unless a route already links it) and waits until it has loaded. */
export function ensureStylesheet(href: string): Promise<void> {
  const existing = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
    (link) => link.getAttribute("href") === href,
  );
  if (existing) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const loaded = new Promise<void>((resolve, reject) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => reject(new Error("The map's stylesheet did not load.")), {
      once: true,
    });
  });
  document.head.append(link);
  return loaded;
}

const toLatLng = (point: Coordinates) => L.latLng(point.latitude, point.longitude);

/**
 * A map in `container` with the configured tiles (none when the URL is empty), its view set by `setInitialView`.
 * Leaflet measures the container when it sets the view: a container with no size yet (hidden on a small screen)
 * gets its view again once it has one, and every later size change is passed on to Leaflet.
 */
function createMap(
  container: HTMLElement,
  tiles: MapTiles,
  options: { scrollWheelZoom: boolean },
  setInitialView: (map: L.Map) => void,
): { map: L.Map; stopWatchingSize: () => void } {
  const map = L.map(container, { scrollWheelZoom: options.scrollWheelZoom, minZoom: 4, maxZoom: 19 });
  if (tiles.url) {
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
  }
  const hasSize = () => container.clientWidth > 0 && container.clientHeight > 0;
  let viewSet = hasSize();
  setInitialView(map);
  const observer = new ResizeObserver(() => {
    if (!hasSize()) return;
    map.invalidateSize();
    if (!viewSet) {
      viewSet = true;
      setInitialView(map);
    }
  });
  observer.observe(container);
  return { map, stopWatchingSize: () => observer.disconnect() };
}

// ---------------------------------------------------------------------------------------------------------------
// The pin picker

const PIN_SVG = `<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true" focusable="false">
<path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#0d5fae" stroke="#fff" stroke-width="2"/>
<circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>`;

/** Screen pixels an arrow key moves the pin (Shift: five times as far). */
const NUDGE_PIXELS = 10;

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

export type PinPickerOptions = {
  tiles: MapTiles;
  latitudeInput: HTMLInputElement;
  longitudeInput: HTMLInputElement;
  /** Where the map centres while the inputs are empty. */
  center: Coordinates;
  zoom: number;
};

/**
 * A draggable pin that mirrors two number inputs: dragging it, clicking the map or pressing an arrow key on the
 * focused pin writes both inputs (6 decimals, with `input` and `change` events so forms and validation see it);
 * typing valid numbers in the inputs moves the pin. While the inputs are empty there is no pin until a click.
 */
export function mountPinPicker(container: HTMLElement, options: PinPickerOptions): MapHandle {
  const { latitudeInput, longitudeInput } = options;
  const readInputs = (): Coordinates | null => {
    if (latitudeInput.value.trim() === "" || longitudeInput.value.trim() === "") return null;
    const latitude = Number(latitudeInput.value);
    const longitude = Number(longitudeInput.value);
    return isLatitude(latitude) && isLongitude(longitude) ? { latitude, longitude } : null;
  };

  const start = readInputs();
  const { map, stopWatchingSize } = createMap(container, options.tiles, { scrollWheelZoom: false }, (m) =>
    m.setView(toLatLng(start ?? options.center), options.zoom),
  );

  let pin: L.Marker | null = null;
  let writing = false;

  const describePin = (at: L.LatLng) => {
    const text =
      `Location pin at latitude ${roundCoordinate(at.lat)}, longitude ${roundCoordinate(at.lng)}. ` +
      "Drag it, or press the arrow keys to move it.";
    pin?.getElement()?.setAttribute("aria-label", text);
  };

  const write = (at: L.LatLng) => {
    writing = true;
    setInputValue(latitudeInput, String(roundCoordinate(at.lat)));
    setInputValue(longitudeInput, String(roundCoordinate(at.lng)));
    writing = false;
    describePin(at);
  };

  const onPinKey = (event: KeyboardEvent) => {
    const arrow = ARROWS[event.key];
    if (!arrow || !pin || event.altKey || event.ctrlKey || event.metaKey) return;
    // The pin moves, not the map (Leaflet pans the map on arrow keys when the map itself has focus).
    event.preventDefault();
    event.stopPropagation();
    const step = event.shiftKey ? NUDGE_PIXELS * 5 : NUDGE_PIXELS;
    const point = map.latLngToContainerPoint(pin.getLatLng()).add([arrow[0] * step, arrow[1] * step]);
    const next = map.containerPointToLatLng(point).wrap();
    pin.setLatLng(next);
    if (!map.getBounds().pad(-0.1).contains(next)) map.panTo(next);
    write(next);
  };

  const placePin = (at: L.LatLng) => {
    if (pin) {
      pin.setLatLng(at);
    } else {
      pin = L.marker(at, {
        draggable: true,
        autoPan: true,
        keyboard: true,
        icon: L.divIcon({ className: "", html: PIN_SVG, iconSize: [32, 42], iconAnchor: [16, 41] }),
      }).addTo(map);
      pin.on("dragend", () => pin && write(pin.getLatLng().wrap()));
      pin.getElement()?.addEventListener("keydown", onPinKey);
    }
    describePin(at);
  };

  if (start) placePin(toLatLng(start));

  map.on("click", (event: L.LeafletMouseEvent) => {
    const at = event.latlng.wrap();
    placePin(at);
    write(at);
  });

  const onTyped = () => {
    if (writing) return;
    const typed = readInputs();
    if (!typed) return;
    const at = toLatLng(typed);
    placePin(at);
    if (!map.getBounds().contains(at)) map.panTo(at);
  };
  latitudeInput.addEventListener("input", onTyped);
  longitudeInput.addEventListener("input", onTyped);

  return {
    destroy() {
      latitudeInput.removeEventListener("input", onTyped);
      longitudeInput.removeEventListener("input", onTyped);
      stopWatchingSize();
      map.remove();
    },
  };
}

/** Sets an input's value the way typing does, so React, conform and other listeners all notice. */
function setInputValue(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  if (setter) setter.call(input, value);
  else input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

// ---------------------------------------------------------------------------------------------------------------
// Markers (search results, city pages)

/** Wait after the last pan or zoom before reporting the bounds (a drag fires many moves). */
const BOUNDS_DELAY_MS = 400;

export type MarkersMapOptions = {
  tiles: MapTiles;
  markers: readonly MapMarker[];
  activeId: string | null;
  /** The first view; else the markers' bounds; else `center` and `zoom`. */
  bounds: Bounds | null;
  center: Coordinates;
  zoom: number;
  /** Called after the user pans or zooms (never for the first view), with bounds rounded to 5 decimals. */
  onBoundsChange: (bounds: Bounds) => void;
  /** Follows a marker's link without reloading the page; without it the link loads as usual. */
  onNavigate?: (href: string) => void;
};

/** Only paths on this site are followed; anything else (another origin, `javascript:`) is not drawn. */
const isSitePath = (href: string) => href.startsWith("/") && !href.startsWith("//") && !href.includes("\\");

export function mountMarkersMap(container: HTMLElement, options: MarkersMapOptions): MarkersMapHandle {
  const layer = L.layerGroup();
  // Moves that the code makes (the first view) are not the user's: they are not reported.
  let quiet = false;
  let lastReported = "";
  const currentBounds = (map: L.Map) => {
    const b = map.getBounds();
    return normalizeBounds({
      south: b.getSouth(),
      west: b.getWest(),
      north: b.getNorth(),
      east: b.getEast(),
    });
  };

  const setInitialView = (map: L.Map) => {
    quiet = true;
    const points = options.markers.filter(isDrawable).map((m) => L.latLng(m.latitude, m.longitude));
    if (options.bounds) {
      const { south, west, north, east } = options.bounds;
      map.fitBounds(L.latLngBounds([south, west], [north, east]), { animate: false });
    } else if (points.length > 0) {
      map.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 16, animate: false });
    } else {
      map.setView(toLatLng(options.center), options.zoom, { animate: false });
    }
    quiet = false;
    lastReported = JSON.stringify(currentBounds(map));
  };

  const { map, stopWatchingSize } = createMap(
    container,
    options.tiles,
    { scrollWheelZoom: true },
    setInitialView,
  );
  layer.addTo(map);

  let timer: ReturnType<typeof setTimeout> | undefined;
  map.on("moveend", () => {
    if (quiet) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const bounds = currentBounds(map);
      const key = JSON.stringify(bounds);
      if (key === lastReported) return;
      lastReported = key;
      options.onBoundsChange(bounds);
    }, BOUNDS_DELAY_MS);
  });

  const setMarkers = (markers: readonly MapMarker[], activeId: string | null) => {
    layer.clearLayers();
    for (const marker of markers) {
      if (!isDrawable(marker)) continue;
      const active = marker.id === activeId;
      const drawn = L.marker([marker.latitude, marker.longitude], {
        icon: labelIcon(marker, active),
        keyboard: false, // the link inside is what takes focus
        riseOnHover: true,
        zIndexOffset: active ? 1000 : 0,
      });
      drawn.on("click", (event: L.LeafletMouseEvent) => {
        const click = event.originalEvent;
        if (!options.onNavigate || click.defaultPrevented || click.button !== 0) return;
        if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
        click.preventDefault();
        options.onNavigate(marker.href);
      });
      layer.addLayer(drawn);
    }
  };
  setMarkers(options.markers, options.activeId);

  return {
    setMarkers,
    destroy() {
      clearTimeout(timer);
      stopWatchingSize();
      map.remove();
    },
  };
}

function isDrawable(marker: MapMarker): boolean {
  return isLatitude(marker.latitude) && isLongitude(marker.longitude) && isSitePath(marker.href);
}

const LABEL_CLASS =
  "absolute bottom-1 left-0 block -translate-x-1/2 whitespace-nowrap rounded-full border px-2.5 py-0.5 " +
  "text-sm font-semibold !no-underline shadow-md focus:outline-none focus-visible:ring-2 " +
  "focus-visible:ring-brand-500 focus-visible:ring-offset-1";
const LABEL_IDLE = "border-slate-300 bg-white !text-slate-900 hover:border-brand-600 hover:bg-brand-50";
const LABEL_ACTIVE = "border-brand-700 bg-brand-600 !text-white";

/** A price tag whose bottom centre sits on the point: a real link, built as elements (no HTML from data). */
function labelIcon(marker: MapMarker, active: boolean): L.DivIcon {
  const link = document.createElement("a");
  link.href = marker.href;
  link.textContent = marker.label;
  link.className = `${LABEL_CLASS} ${active ? LABEL_ACTIVE : LABEL_IDLE}`;
  if (marker.title) {
    link.title = marker.title;
    link.setAttribute("aria-label", `${marker.title}: ${marker.label}`);
  }
  if (active) link.setAttribute("aria-current", "true");
  return L.divIcon({ className: "", html: link, iconSize: [0, 0], iconAnchor: [0, 0] });
}

// ---------------------------------------------------------------------------------------------------------------
// An approximate area (a listing's neighbourhood)

export type AreaMapOptions = {
  tiles: MapTiles;
  center: Coordinates;
  radiusMetres: number;
};

/** A shaded circle around a point, with no pin: where a space is, roughly. */
export function mountAreaMap(container: HTMLElement, options: AreaMapOptions): MapHandle {
  const center = toLatLng(options.center);
  const circle = L.circle(center, {
    radius: options.radiusMetres,
    color: "#0d5fae",
    weight: 2,
    fillColor: "#1677d2",
    fillOpacity: 0.2,
    interactive: false,
  });
  const { map, stopWatchingSize } = createMap(container, options.tiles, { scrollWheelZoom: false }, (m) => {
    // The circle's bounds need a map with a view: start at the centre, then fit.
    m.setView(center, 15, { animate: false });
    if (!m.hasLayer(circle)) circle.addTo(m);
    m.fitBounds(circle.getBounds(), { padding: [24, 24], maxZoom: 17, animate: false });
  });
  return {
    destroy() {
      stopWatchingSize();
      map.remove();
    },
  };
}
