/**
 * Coordinates, map bounds and location privacy: the pure rules behind the maps (app/components/map) and the
 * search-by-map query (`?bounds=south,west,north,east`).
 *
 * Latitudes and longitudes are WGS84 degrees, as Leaflet and OpenStreetMap use them. Stored and typed coordinates
 * keep 6 decimals (about 0.1 m); bounds in URLs keep 5 (about 1 m), which keeps the URL short and stable.
 */

export type Coordinates = { readonly latitude: number; readonly longitude: number };

/** A map's visible rectangle. Valid bounds have south ≤ north and west ≤ east (the Philippines is far from ±180°). */
export type Bounds = {
  readonly south: number;
  readonly west: number;
  readonly north: number;
  readonly east: number;
};

/**
 * A rectangle around the Philippines: from Saluag (Tawi-Tawi, about 4.6° N) and the Turtle Islands in the south to
 * Y'Ami (Batanes, about 21.1° N) in the north, and from Palawan's western islets (about 116.9° E) to Mindanao's
 * eastern coast (about 126.6° E), with a margin of a few tenths of a degree. It is a box, not the border: it also
 * takes in bits of the sea and of neighbouring Sabah, which is fine for its use — catching a pin dropped in the
 * wrong country or a latitude typed for a longitude.
 */
export const PHILIPPINES_BOUNDS: Bounds = { south: 4.2, west: 116.0, north: 21.5, east: 127.0 };

/** Where a map of the whole country centres (roughly Sibuyan Sea); Metro Manila is {@link MANILA}. */
export const PHILIPPINES_CENTER: Coordinates = { latitude: 12.8797, longitude: 121.774 };

/** Manila City Hall: a sensible starting point for a pin when nothing better is known. */
export const MANILA: Coordinates = { latitude: 14.5896, longitude: 120.9812 };

/** Decimals kept for a typed or pinned coordinate (about 0.1 m). */
export const COORDINATE_DIGITS = 6;

/** Decimals kept for bounds in a URL (about 1 m). */
export const BOUNDS_DIGITS = 5;

/** The most {@link approximate} moves a point, in metres; a circle of this radius around it holds the real point. */
export const APPROXIMATE_RADIUS_METRES = 300;

/** The least {@link approximate} moves a point, in metres, so the real point is never at the centre. */
const APPROXIMATE_MIN_METRES = 100;

/** Metres in one degree of latitude (and of longitude at the equator), on a sphere of the mean Earth radius. */
const METRES_PER_DEGREE = 111_195;

/** `value` rounded to `digits` decimals (default 6); -0 becomes 0. */
export function roundCoordinate(value: number, digits = COORDINATE_DIGITS): number {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

export function isLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= -180 && value <= 180;
}

/** True when the point lies in {@link PHILIPPINES_BOUNDS} (edges included). */
export function isInPhilippines(latitude: number, longitude: number): boolean {
  return boundsContain(PHILIPPINES_BOUNDS, latitude, longitude);
}

/** True when the point lies in `bounds` (edges included). */
export function boundsContain(bounds: Bounds, latitude: number, longitude: number): boolean {
  return (
    latitude >= bounds.south &&
    latitude <= bounds.north &&
    longitude >= bounds.west &&
    longitude <= bounds.east
  );
}

/** True for finite bounds within ±90° / ±180° with south ≤ north and west ≤ east. */
export function isValidBounds(bounds: Bounds): boolean {
  return (
    isLatitude(bounds.south) &&
    isLatitude(bounds.north) &&
    isLongitude(bounds.west) &&
    isLongitude(bounds.east) &&
    bounds.south <= bounds.north &&
    bounds.west <= bounds.east
  );
}

/**
 * Bounds rounded to `digits` decimals and clamped to ±90° / ±180° (a map zoomed far out reports more than the
 * world). What the search map reports, so that {@link formatBounds} always accepts it.
 */
export function normalizeBounds(bounds: Bounds, digits = BOUNDS_DIGITS): Bounds {
  const clamp = (value: number, limit: number) =>
    roundCoordinate(Math.min(limit, Math.max(-limit, value)), digits);
  return {
    south: clamp(bounds.south, 90),
    west: clamp(bounds.west, 180),
    north: clamp(bounds.north, 90),
    east: clamp(bounds.east, 180),
  };
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Reads `"south,west,north,east"` (a URL query value) into bounds, rounded to 5 decimals; null when it is missing,
 * has not exactly four plain decimal numbers, or is out of range or out of order.
 */
export function parseBounds(text: string | null | undefined): Bounds | null {
  if (!text) return null;
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length !== 4 || !parts.every((part) => NUMBER.test(part))) return null;
  const [south, west, north, east] = parts.map(Number) as [number, number, number, number];
  const bounds = { south, west, north, east };
  if (!isValidBounds(bounds)) return null;
  return normalizeBounds(bounds);
}

/** Writes bounds as `"south,west,north,east"` with at most 5 decimals (for a URL); null when they are not valid. */
export function formatBounds(bounds: Bounds): string | null {
  if (!isValidBounds(bounds)) return null;
  const { south, west, north, east } = normalizeBounds(bounds);
  return [south, west, north, east].join(",");
}

/** The great-circle distance between two points, in metres (haversine, mean Earth radius). */
export function distanceMetres(from: Coordinates, to: Coordinates): number {
  const radians = Math.PI / 180;
  const dLat = (to.latitude - from.latitude) * radians;
  const dLng = (to.longitude - from.longitude) * radians;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.latitude * radians) * Math.cos(to.latitude * radians) * Math.sin(dLng / 2) ** 2;
  const degrees = (2 * Math.asin(Math.min(1, Math.sqrt(a)))) / radians;
  return degrees * METRES_PER_DEGREE;
}

/**
 * A stand-in for an exact address: the point moved by 100–300 m in a direction, both picked from `seed` (a
 * listing's id), rounded to 5 decimals. The same seed always gives the same point, so showing it again and again
 * never narrows down the real one; a circle of {@link APPROXIMATE_RADIUS_METRES} around the result contains the
 * real point. Compute it on the server and send only the result to the browser.
 */
export function approximate(latitude: number, longitude: number, seed: string | number): Coordinates {
  const [first, second] = seededFractions(String(seed));
  const distance = APPROXIMATE_MIN_METRES + first * (APPROXIMATE_RADIUS_METRES - APPROXIMATE_MIN_METRES);
  const bearing = second * 2 * Math.PI;
  const dLat = (distance * Math.cos(bearing)) / METRES_PER_DEGREE;
  const cosLat = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  const dLng = (distance * Math.sin(bearing)) / (METRES_PER_DEGREE * cosLat);
  // Rounding moves the point by at most ~0.8 m, so keep 1 m of room under the promised radius.
  const scale = Math.min(1, (APPROXIMATE_RADIUS_METRES - 1) / distance);
  const lat = Math.min(90, Math.max(-90, latitude + dLat * scale));
  const lng = wrapLongitude(longitude + dLng * scale);
  return { latitude: roundCoordinate(lat, 5), longitude: roundCoordinate(lng, 5) };
}

function wrapLongitude(value: number): number {
  if (value >= -180 && value <= 180) return value;
  return ((((value + 180) % 360) + 360) % 360) - 180;
}

/** Two numbers in [0, 1) from a string: FNV-1a hashes with two different offsets, mixed (a fixed, public function). */
function seededFractions(seed: string): [number, number] {
  const hash = (offset: number) => {
    let h = offset >>> 0;
    for (let i = 0; i < seed.length; i++) {
      h ^= seed.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    // A final avalanche so that near-equal seeds ("1", "2") land far apart.
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return (h >>> 0) / 2 ** 32;
  };
  return [hash(0x811c9dc5), hash(0x050c5d1f)];
}
