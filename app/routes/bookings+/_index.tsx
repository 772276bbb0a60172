import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { retrieveAllBookingData } from "~/api/reserve/bookings.server";
import { BookingCard } from "~/components/bookings/booking-card";
import { requireProfile } from "~/services/auth.server";
import { redirectWithToast } from "~/services/toast.server";
import { pageMeta } from "~/utils/meta";

/**
 * The bookings list (the Bookings and Booking menu items): as a renter, upcoming, active and past bookings; as a
 * host, the requests to answer, upcoming and active tenants, and past ones. Tabs are links (`?tab=`), so the page
 * works without JavaScript.
 */
export const meta: MetaFunction = () => pageMeta("Bookings", "Your bookings as a renter and as a host.");

const TABS = [
  { id: "upcoming", label: "Upcoming", role: "renter", empty: "No upcoming bookings yet — find a space." },
  { id: "active", label: "Active", role: "renter", empty: "No active bookings." },
  { id: "past", label: "Past", role: "renter", empty: "No past bookings." },
  { id: "requests", label: "Requests", role: "host", empty: "No requests to answer." },
  { id: "hosting", label: "Upcoming tenants", role: "host", empty: "No approved bookings coming up." },
  { id: "tenants", label: "Active tenants", role: "host", empty: "No active tenants — list a space." },
  { id: "hosted", label: "Past tenants", role: "host", empty: "No past tenants." },
] as const;

type TabId = (typeof TABS)[number]["id"];

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const answer = await client.call(retrieveAllBookingData, { params: { id: profile.userId } });
  if (!answer.ok) throw await redirectWithToast("/", answer.toast);
  const all = answer.result;
  const lists: Record<TabId, typeof all.renter.upcoming> = {
    upcoming: all.renter.upcoming,
    active: all.renter.active,
    past: all.renter.past,
    requests: all.host.requests,
    hosting: all.host.upcoming,
    tenants: all.host.active,
    hosted: all.host.past,
  };
  const asked = new URL(request.url).searchParams.get("tab");
  const tab =
    TABS.find((entry) => entry.id === asked)?.id ?? (lists.requests.length ? "requests" : "upcoming");
  const counts = Object.fromEntries(TABS.map((entry) => [entry.id, lists[entry.id].length])) as Record<
    TabId,
    number
  >;
  return data({ tab, bookings: lists[tab], counts });
}

export default function Bookings() {
  const { tab, bookings, counts } = useLoaderData<typeof loader>();
  const current = TABS.find((entry) => entry.id === tab) ?? TABS[0];
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900">Bookings</h1>
      {(["renter", "host"] as const).map((role) => (
        <nav key={role} aria-label={role === "renter" ? "As a renter" : "As a host"} className="mt-4">
          <p className="text-sm font-semibold text-slate-600">
            {role === "renter" ? "As a renter" : "As a host"}
          </p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {TABS.filter((entry) => entry.role === role).map((entry) => (
              <li key={entry.id}>
                <Link
                  to={`?tab=${entry.id}`}
                  aria-current={entry.id === tab ? "page" : undefined}
                  className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
                >
                  {entry.label} ({counts[entry.id]})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <h2 className="mt-6 text-lg font-bold text-slate-900">{current.label}</h2>
      {bookings.length === 0 ? (
        <p className="mt-3 rounded-md bg-slate-100 p-4 text-slate-700">
          {current.empty}{" "}
          {current.role === "renter" ? (
            <Link to="/search-space" className="font-semibold text-brand-700 underline">
              Find a space
            </Link>
          ) : (
            <Link to="/list-your-space/location" className="font-semibold text-brand-700 underline">
              List a space
            </Link>
          )}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {bookings.map((booking) => (
            <BookingCard key={booking.bookingId} booking={booking} />
          ))}
        </ul>
      )}
    </div>
  );
}
