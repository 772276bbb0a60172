import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireProfile } from "~/services/auth.server";
import { shellUser } from "~/utils/menu";
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

const ACCOUNT_LINKS = [
  ["My listings", "/spaces/my-storage-lists"],
  ["Saved spaces", "/user-profile/saved-spaces"],
  ["Edit account info", "/user-profile/edit-account-info"],
  ["Profile photo", "/user-profile/create-profile-photo"],
  ["Phone number", "/user-profile/confirm-phone-number"],
  ["Address", "/user-profile/create-profile-address"],
  ["Verify your identity", "/user-profile/profile-persona-verification"],
  ["Account settings", "/user-profile/account-settings"],
  ["Invite a friend", "/user-profile/invite-a-friend"],
  ["Give feedback", "/user-profile/give-feed-back"],
  ["Change password", "/auth/change-current-password"],
] as const;

/** The profile menu: who is logged in, their account pages, and logging out. */
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
        <div>
          <h1 className="text-xl font-bold">{user.displayName}</h1>
          <p className="text-sm text-slate-600">{email}</p>
          <p className="text-sm text-slate-600">Member since {since}</p>
        </div>
      </div>
      <nav aria-label="Account" className="mt-6 rounded-xl bg-white shadow-sm">
        <ul className="divide-y divide-slate-100">
          {ACCOUNT_LINKS.map(([label, to]) => (
            <li key={to}>
              <Link to={to} className="block px-5 py-4 font-medium hover:bg-slate-50">
                {label}
              </Link>
            </li>
          ))}
          <li className="px-5 py-4">
            <p className="font-medium">Your referral code</p>
            <p className="mt-1 font-mono text-lg tracking-wider text-brand-700">{referralCode}</p>
          </li>
        </ul>
      </nav>
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
