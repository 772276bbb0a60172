import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { retrieveAllBookingData } from "~/api/reserve/bookings.server";
import { BookingCard } from "~/components/bookings/booking-card";
import {
  BOOKING_TABS,
  type BookingTabId,
  bookingTabsFor,
  chooseBookingTab,
} from "~/components/bookings/booking-words";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EmptyState } from "~/components/ui/empty-state";
import { TabLinks } from "~/components/ui/tab-links";
import { requireProfile } from "~/screens/auth.server";
import { bookingCardView } from "~/screens/booking-card.server";
import { redirectWithToast } from "~/screens/toast.server";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";

/**
 * The bookings list (docs/product.md, Screens and routes: bookings; the Bookings item of the wide header and the
 * Booking item of the bottom menu open it): as a renter, upcoming, active and past bookings; as a host — only for
 * someone who hosts — the requests to answer, upcoming and active tenants, and past ones. Tabs are links (`?tab=`), so
 * the page works without JavaScript; each card opens the booking's contract details page.
 */
export const meta: MetaFunction = () => pageMeta("Bookings", "Your bookings as a renter and as a host.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const answer = await client.call(retrieveAllBookingData, { params: { id: profile.userId } });
  if (!answer.ok) throw await redirectWithToast("/", answer.toast);
  const all = answer.result;
  const listOf = (tab: (typeof BOOKING_TABS)[number]) =>
    tab.role === "renter" ? all.renter[tab.list as keyof typeof all.renter] : all.host[tab.list];
  const tab = chooseBookingTab(
    new URL(request.url).searchParams.get("tab"),
    all.host.requests.length,
    all.hosting,
  );
  const counts = Object.fromEntries(BOOKING_TABS.map((entry) => [entry.id, listOf(entry).length])) as Record<
    BookingTabId,
    number
  >;
  const now = new Date();
  return data({
    tab: tab.id,
    hosting: all.hosting,
    cards: listOf(tab).map((booking) => bookingCardView(booking, now)),
    counts,
  });
}

export default function Bookings() {
  const { tab, hosting, cards, counts } = useLoaderData<typeof loader>();
  const current = BOOKING_TABS.find((entry) => entry.id === tab) ?? BOOKING_TABS[0];
  const tabs = bookingTabsFor(hosting);
  const roles = hosting ? (["renter", "host"] as const) : (["renter"] as const);
  const asRole = (role: "renter" | "host") => (role === "renter" ? "As a renter" : "As a host");
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900">Bookings</h1>
      {roles.map((role) => (
        <TabLinks
          key={role}
          label={asRole(role)}
          heading={hosting ? asRole(role) : undefined}
          tabs={tabs
            .filter((entry) => entry.role === role)
            .map((entry) => ({
              key: entry.id,
              to: `?tab=${entry.id}`,
              label: `${entry.label} (${counts[entry.id]})`,
              current: entry.id === tab,
            }))}
        />
      ))}
      <h2 className="mt-6 text-lg font-bold text-slate-900">
        {hosting ? `${asRole(current.role)}: ${current.label}` : current.label}
      </h2>
      {cards.length === 0 ? (
        <EmptyState
          className="mt-3"
          testId="bookings-empty"
          message={current.empty}
          action={
            current.next === "find"
              ? { to: PATHS.search, label: "Find a space" }
              : { to: PATHS.listSpace, label: "List a space" }
          }
        />
      ) : (
        <ul className="mt-3 space-y-3">
          {cards.map((card) => (
            <BookingCard key={card.bookingId} card={card} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
