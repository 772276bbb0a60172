import type { FormEvent } from "react";

type City = { slug: string; province: string };

/**
 * With JavaScript, choosing a city fills its province in, unless the person typed another one (a province that is
 * some city's own still follows the city). Put on the element around the city select: `onChange={…}`. Without
 * JavaScript the form's action does the same (fillProvinceFromCity).
 */
export function provinceFollowsCity(cities: readonly City[], provinceId: string) {
  return (event: FormEvent<HTMLElement>) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement)) return;
    const city = cities.find((each) => each.slug === select.value);
    const province = document.getElementById(provinceId);
    if (!city || !(province instanceof HTMLInputElement)) return;
    const typed = province.value.trim();
    if (typed === "" || cities.some((each) => each.province === typed)) province.value = city.province;
  };
}
