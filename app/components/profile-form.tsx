import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The frame of the profile pages with a form: a way back to the account menu, the page's one h1, and a card. */
export function ProfilePage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-8">
      <Link
        to="/user-profile/user-profile-menu"
        className="text-sm font-semibold text-brand-700 underline hover:text-brand-900"
      >
        Back to my account
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{title}</h1>
      {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
      <div className="mt-6 space-y-8">{children}</div>
    </section>
  );
}

/** A card that groups one form or one piece of the page; with a heading id it is a labelled region. */
export function Card({ children, labelledBy }: { children: ReactNode; labelledBy?: string }) {
  const className = "rounded-xl bg-white p-6 shadow-sm";
  return labelledBy ? (
    <section aria-labelledby={labelledBy} className={className}>
      {children}
    </section>
  ) : (
    <div className={className}>{children}</div>
  );
}
