import { cityList } from "~/api/user/user.server";
import type { CityOption } from "~/content/cities";
import { api } from "~/services/api.server";

/**
 * The cities for a landing page's search form and city links, from GET /user/cityList. When the call fails the
 * page still renders, with no cities and the failure's toast.
 */
export async function loadCities(request: Request) {
  const client = api(request);
  const answer = await client.call(cityList);
  const cities: CityOption[] = answer.ok
    ? answer.result.map(({ name, slug, province }) => ({ name, slug, province }))
    : [];
  return { cities, toast: answer.ok ? null : answer.toast };
}
