import { type BillSummary, myBills } from "~/api/payment/bills.server";
import { type WaitingBookings, waitingBookings } from "~/api/reserve/bookings.server";
import { getRecentSearches, newSpaceSearch } from "~/api/space/search.server";
import { cityList, viewUserProfile } from "~/api/user/user.server";
import { spaceCard } from "~/components/card-words";
import { featuredCities } from "~/content/cities";
import { MOVE_IN_SOON_DAYS } from "~/domain/booking";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { displayUnit } from "~/domain/units";
import { publicOrigin } from "~/env.server";
import { hasSessionCookie } from "~/infra/session.server";
import { type ApiClient, api } from "~/screens/api.server";
import { visitorKeeper } from "~/screens/visitor-keeper.server";
import { bookingCardView } from "./booking-card.server";

/** The city pages linked from the home page, for each type of space. */
const CITY_LINKS = 8;

/** Featured listings on the home page: a row of storage and one of parking. */
const FEATURED_PER_TYPE = 3;

/**
 * The home page's data: the cities with their active listings, and featured listings as real cards — the
 * recommended (best-rated, then newest) active listings with a photo first, in the city of a logged-in renter's last
 * search when there is one; for someone logged in, first what waits for them to act (the requests to their spaces to
 * answer, their checkouts and bills to pay, the bookings they move into this week). A failed call leaves its part
 * out; the page still renders.
 */
export async function loadHomePage(request: Request) {
  const client = api(request);
  const loggedIn = hasSessionCookie(request);
  const [cities, profile, recent, waiting, bills] = await Promise.all([
    client.call(cityList),
    loggedIn ? client.call(viewUserProfile) : null,
    loggedIn ? client.call(getRecentSearches) : null,
    loggedIn ? client.call(waitingBookings) : null,
    loggedIn ? client.call(myBills, { query: { tab: "due" } }) : null,
  ]);
  const cityOptions = cities.ok ? cities.result : [];
  const recentCity = recent?.ok
    ? recent.result
        .map((search) => new URLSearchParams(search.query).get("city"))
        .find((slug): slug is string => Boolean(slug && cityOptions.some((city) => city.slug === slug)))
    : undefined;
  const unit = displayUnit(profile?.ok ? profile.result.measurementUnit : null);
  // A visitor's featured rows are every visitor's: kept until the catalogue changes, not searched for each one.
  const featured = loggedIn
    ? await featuredCards(client, recentCity, unit)
    : await keepVisitorFeatured("", () => featuredCards(client, undefined, unit, true)).catch(
        // A failed row is left out, as for anyone; any other failure of the kept read (another visitor's
        // request), this visitor searches on their own.
        (error: unknown) =>
          error instanceof PartialFeatured ? error.cards : featuredCards(client, undefined, unit),
      );
  const origin = publicOrigin(request);
  return {
    url: `${origin}/`,
    ogImage: `${origin}/images/og-home.jpg`,
    // The search's city field: every city, by province.
    cities: cityOptions.map(({ name, slug, province }) => ({ name, slug, province })),
    // The links to city pages: the featured cities only, with how many active listings each has.
    cityLinks: featuredCities(cityOptions, CITY_LINKS).map(({ name, slug, activeSpaces }) => ({
      name,
      slug,
      activeSpaces,
    })),
    featured,
    featuredCity: recentCity ? (cityOptions.find((city) => city.slug === recentCity)?.name ?? null) : null,
    // Nothing for a visitor, so a visitor's page stays the same for the same catalogue (its ETag, app/screens/visitor-pages.server.ts).
    waiting: waiting?.ok
      ? waitingCards(waiting.result, bills?.ok ? bills.result.bills : [], new Date())
      : null,
    toast: cities.ok ? null : cities.toast,
  };
}

/**
 * What waits for the caller, as the cards show it: words written here, as the booking cards' are, so the home page
 * downloads no calendar or money code (ADR 0053).
 */
function waitingCards(waiting: WaitingBookings, bills: BillSummary[], now: Date) {
  return {
    requests: waiting.requests.map((booking) => bookingCardView(booking, now)),
    checkouts: waiting.checkouts.map((booking) => bookingCardView(booking, now)),
    bills: bills.map((bill) => ({
      billId: bill.billId,
      spaceTitle: bill.spaceTitle,
      due: `${bill.overdue ? "Overdue since" : "Due on"} ${formatCalendarDate(bill.dueOn)}`,
      overdue: bill.overdue,
      pay: `Pay ${formatPeso(bill.total)}`,
    })),
    movingIn: waiting.movingIn.map((booking) => bookingCardView(booking, now)),
    movingInDays: MOVE_IN_SOON_DAYS,
  };
}

export type WaitingCards = ReturnType<typeof waitingCards>;

type FeaturedCard = ReturnType<typeof spaceCard>;

/** The visitors' featured rows: one entry, the same for every visitor. */
const keepVisitorFeatured = visitorKeeper<FeaturedCard[]>(1);

/** Thrown when a featured row's search failed: the cards found are shown, but not kept for the next visitor. */
class PartialFeatured extends Error {
  constructor(readonly cards: FeaturedCard[]) {
    super("A featured row's search failed.");
  }
}

/** The featured rows: the recommended listings of each type, in `city` when given, cards with a photo first. */
async function featuredCards(
  client: ApiClient,
  city: string | undefined,
  unit: ReturnType<typeof displayUnit>,
  allOrNothing = false,
): Promise<FeaturedCard[]> {
  let failed = false;
  const rows = await Promise.all(
    (["storage", "parking"] as const).map(async (storageType) => {
      const answer = await client.call(newSpaceSearch, {
        params: { n: "1" },
        query: { storageType, ...(city ? { city } : {}) },
      });
      if (!answer.ok) failed = true;
      const cards = answer.ok ? answer.result.results : [];
      // Cards with a cover photo first: the first look should be of real spaces.
      return [...cards]
        .sort((a, b) => Number(b.coverPhoto !== null) - Number(a.coverPhoto !== null))
        .slice(0, FEATURED_PER_TYPE)
        .map((card) => spaceCard(card, unit));
    }),
  );
  const cards = rows.flat();
  if (failed && allOrNothing) throw new PartialFeatured(cards);
  return cards;
}
