import { cityList } from "~/api/user/user.server";
import type { CityOption } from "~/content/cities";
import { type ApiClient, api } from "~/screens/api.server";

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

/**
 * An address form posted without JavaScript leaves an empty province as it was: the chosen city's province it is
 * (with JavaScript, choosing the city already filled it in). `city` and `province` are the form's field names.
 */
export async function fillProvinceFromCity(
  formData: FormData,
  client: ApiClient,
  names: { city: string; province: string },
): Promise<void> {
  const city = formData.get(names.city);
  const province = formData.get(names.province);
  if (typeof city !== "string" || !city || (typeof province === "string" && province.trim())) return;
  const list = await client.call(cityList);
  const match = list.ok ? list.result.find((each) => each.slug === city) : undefined;
  if (match) formData.set(names.province, match.province);
}
