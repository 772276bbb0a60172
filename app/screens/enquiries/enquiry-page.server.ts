import { cityList, viewUserProfile } from "~/api/user/user.server";
import type { CityOption } from "~/content/cities";
import { isOneOf, SPACE_TYPES, type SpaceType } from "~/domain/vocabulary";
import { hasSessionCookie } from "~/infra/session.server";
import { api } from "~/screens/api.server";

/**
 * What the operations enquiry screens ("Can't find a space?" and "List with us") load: the cities for their select,
 * the fields prefilled from the query string (`storageType`, `city`: the page that links here knows them) and from
 * the profile of a logged-in user (name, e-mail, phone), and whether the form was just sent (`?sent=1`, where the
 * action redirects to with its success toast).
 */
export type EnquiryDefaults = {
  storageType?: SpaceType;
  city?: string;
  name?: string;
  email?: string;
  phoneNumber?: string;
};

export async function loadEnquiryPage(request: Request) {
  const url = new URL(request.url);
  const client = api(request);
  const [list, profile] = await Promise.all([
    client.call(cityList),
    hasSessionCookie(request) ? client.call(viewUserProfile) : null,
  ]);
  const cities: CityOption[] = list.ok
    ? list.result.map(({ name, slug, province }) => ({ name, slug, province }))
    : [];
  const type = url.searchParams.get("storageType");
  const city = url.searchParams.get("city");
  const me = profile?.ok ? profile.result : null;
  const defaults: EnquiryDefaults = {
    storageType: isOneOf(SPACE_TYPES, type) ? type : undefined,
    city: cities.some((option) => option.slug === city) ? (city as string) : undefined,
    name: me ? [me.firstName, me.lastName].join(" ") : undefined,
    email: me?.email,
    phoneNumber: me?.phoneNumber ?? undefined,
  };
  return {
    cities,
    defaults,
    sent: url.searchParams.get("sent") === "1",
    toast: list.ok ? null : list.toast,
    client,
  };
}

/** Where a sent form goes: the same page in its thank-you state, keeping the type and city for its links. */
export function sentPath(path: string, value: { storageType: SpaceType; city: string }): string {
  return `${path}?${new URLSearchParams({ sent: "1", storageType: value.storageType, city: value.city })}`;
}
