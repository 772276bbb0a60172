import { useEffect, useRef, useState } from "react";
import type { Coordinates } from "~/domain/geo";
import type { MapHandle } from "./leaflet.client";
import { type CommonProps, MapFrame, type Status, startMap, useMapTiles } from "./map-frame";

export type AreaMapProps = CommonProps & {
  /** The circle's centre: an approximate point from `approximate()` on the server, never the exact address. */
  center: Coordinates;
  /**
   * The circle's radius: APPROXIMATE_RADIUS_METRES (app/domain/geo.ts) holds the real point of an `approximate()`
   * result. The page's loader passes it with the centre, so this module (which the listing page loads as the map
   * nears the screen) does not load the geo rules.
   */
  radiusMetres: number;
};

/** A shaded circle showing roughly where something is, with no pin. */
export function AreaMap({
  center,
  radiusMetres,
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
