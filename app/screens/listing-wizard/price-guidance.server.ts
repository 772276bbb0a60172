import { getParkingPriceRange, getStoragePriceRange } from "~/api/space/spaces.server";
import type { PriceGuidance } from "~/components/listing-wizard/price-fields";
import type { SpaceView } from "~/domain/space";
import { priceBasisOf } from "~/domain/vocabulary";
import type { ApiClient } from "~/screens/api.server";

/**
 * The city's prices of listings like this one (GET /space/getStoragePriceRange or getParkingPriceRange with the
 * draft's city): for storage, of the same rent mode (a price per sqm and a whole room's price do not compare); for
 * parking, the monthly and the daily prices. Null when the draft has no city yet or the call fails (guidance only).
 */
export async function loadPriceGuidance(
  client: ApiClient,
  space: Pick<SpaceView, "storageType" | "unitOfRental" | "rentMode" | "address">,
): Promise<PriceGuidance | null> {
  const city = space.address.citySlug;
  if (!city || !space.storageType) return null;
  if (space.storageType === "parking") {
    const answer = await client.call(getParkingPriceRange, { query: { city } });
    if (!answer.ok) return null;
    return { cityName: answer.result.cityName, monthly: answer.result, daily: answer.result.daily };
  }
  const answer = await client.call(getStoragePriceRange, { query: { city } });
  if (!answer.ok) return null;
  const basis = space.unitOfRental
    ? priceBasisOf({ unitOfRental: space.unitOfRental, entireSpace: space.rentMode.entireSpace })
    : "entireSpace";
  return {
    cityName: answer.result.cityName,
    monthly: answer.result.byBasis[basis] ?? answer.result,
    daily: null,
  };
}
