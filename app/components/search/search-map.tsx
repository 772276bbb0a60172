import { useNavigate, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { type MapMarker, MarkersMap } from "~/components/map/map";
import { useHydrated } from "~/components/ui/use-hydrated";
import { type Bounds, type Coordinates, formatBounds } from "~/domain/geo";

/**
 * The results on a map, with JavaScript only (without it the list is the whole answer): price markers linking to
 * the listings and, when "Search as I move the map" is ticked, a new search of the visible area each time the map
 * stops moving. Each one is a navigation to a URL with `bounds`, so the back button returns to the area before.
 */
export function SearchMap({
  markers,
  bounds,
  center,
  zoom,
}: {
  markers: readonly MapMarker[];
  bounds: Bounds | null;
  center?: Coordinates;
  zoom?: number;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [follow, setFollow] = useState(true);
  if (!hydrated) return null;

  function searchHere(visible: Bounds) {
    const area = formatBounds(visible);
    if (!follow || !area || area === searchParams.get("bounds")) return;
    const next = new URLSearchParams(searchParams);
    next.set("bounds", area);
    next.delete("page");
    navigate(`?${next}`, { preventScrollReset: true });
  }

  return (
    <div className="space-y-2">
      <MarkersMap
        markers={markers}
        bounds={bounds}
        center={center}
        zoom={zoom}
        onBoundsChange={searchHere}
        label="Map of the spaces found"
        className="h-72 md:h-96"
        fallback={null}
      />
      <div className="flex items-center gap-2">
        <input
          id="search-as-map-moves"
          type="checkbox"
          checked={follow}
          onChange={(event) => setFollow(event.currentTarget.checked)}
          className="h-5 w-5 rounded border-slate-400"
        />
        <label htmlFor="search-as-map-moves" className="text-sm text-slate-800">
          Search as I move the map
        </label>
      </div>
    </div>
  );
}
