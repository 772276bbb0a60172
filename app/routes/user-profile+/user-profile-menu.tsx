import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ACCOUNT_ICON_PATHS, type AccountIconName } from "~/components/account-icons";
import { IconPath } from "~/components/icon";
import { requireProfile } from "~/screens/auth.server";
import { PATHS, shellUser } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("My account");

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile } = await requireProfile(request);
  return {
    user: shellUser(profile),
    email: profile.email,
    referralCode: profile.referralCode,
    memberSince: profile.createdAt,
  };
}

type Entry = { label: string; to: string; icon: AccountIconName };

/** The account's pages, grouped by what the person is doing. Each entry is a page that exists. */
const GROUPS: { title: string; entries: Entry[] }[] = [
  {
    title: "Renting",
    entries: [
      { label: "Bookings", to: PATHS.bookings, icon: "bookings" },
      { label: "Saved spaces", to: "/user-profile/saved-spaces", icon: "saved" },
      { label: "Messages", to: PATHS.messages, icon: "inbox" },
      { label: "Viewings", to: "/messages/check-list?tab=my", icon: "calendar" },
      { label: "Reviews", to: "/user-profile/reviews", icon: "feedback" },
    ],
  },
  {
    title: "Hosting",
    entries: [
      { label: "My listings", to: "/spaces/my-storage-lists", icon: "list" },
      { label: "List a space", to: PATHS.listSpace, icon: "pin" },
      { label: "Earnings", to: `${PATHS.bills}?tab=earnings`, icon: "bills" },
      { label: "Payouts", to: "/payment/payout-settings", icon: "settings" },
      { label: "Dashboard", to: "/user-profile/dashboard", icon: "chart" },
    ],
  },
  {
    title: "Account",
    entries: [
      { label: "Edit account info", to: "/user-profile/edit-account-info", icon: "user" },
      { label: "Profile photo", to: "/user-profile/create-profile-photo", icon: "photo" },
      { label: "Phone number", to: "/user-profile/confirm-phone-number", icon: "phone" },
      { label: "Address", to: "/user-profile/create-profile-address", icon: "pin" },
      { label: "Verify your identity", to: "/user-profile/profile-persona-verification", icon: "shield" },
      { label: "Account settings", to: "/user-profile/account-settings", icon: "settings" },
      { label: "Change password", to: "/auth/change-current-password", icon: "key" },
      { label: "Invite a friend", to: "/user-profile/invite-a-friend", icon: "gift" },
      { label: "Resolution center", to: "/user-profile/resolution-center", icon: "scales" },
      { label: "Help", to: "/info/help", icon: "help" },
      { label: "Give feedback", to: "/user-profile/give-feed-back", icon: "feedback" },
    ],
  },
];

/** The profile menu: who is logged in, their pages grouped (renting, hosting, account), and logging out. */
export default function UserProfileMenu() {
  const { user, email, referralCode, memberSince } = useLoaderData<typeof loader>();
  const since = new Intl.DateTimeFormat("en-PH", {
    month: "long",
    year: "numeric",
    timeZone: "Asia/Manila",
  }).format(new Date(memberSince));
  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <div className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm">
        <img
          src={user.photoUrl}
          alt=""
          width={64}
          height={64}
          className="h-16 w-16 rounded-full object-cover"
        />
        <div className="min-w-0">
          <h1 className="text-xl font-bold">{user.displayName}</h1>
          <p className="break-all text-sm text-slate-600">{email}</p>
          <p className="text-sm text-slate-600">Member since {since}</p>
        </div>
      </div>
      {GROUPS.map((group) => (
        <nav key={group.title} aria-labelledby={`menu-${group.title}`} className="mt-6">
          <h2
            id={`menu-${group.title}`}
            className="px-1 text-sm font-semibold uppercase tracking-wide text-slate-600"
          >
            {group.title}
          </h2>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl bg-white shadow-sm">
            {group.entries.map((entry) => (
              <li key={entry.label}>
                <Link
                  to={entry.to}
                  className="flex items-center gap-3 px-5 py-3.5 font-medium hover:bg-slate-50"
                >
                  <IconPath d={ACCOUNT_ICON_PATHS[entry.icon]} className="h-5 w-5 shrink-0 text-brand-700" />
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <div className="mt-6 rounded-xl bg-white px-5 py-4 shadow-sm">
        <p className="font-medium">Your referral code</p>
        <p className="mt-1 font-mono text-lg tracking-wider text-brand-700">{referralCode}</p>
      </div>
      <Form method="post" action="/auth/logout" reloadDocument className="mt-6">
        <button
          type="submit"
          className="w-full rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Log out
        </button>
      </Form>
    </section>
  );
}
