import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The frame of the account pages, which hide the site header and bottom menu: the logo, a title, a card. */
export function AuthLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 md:py-14">
      <Link to="/" className="mb-8 flex items-center justify-center gap-2 rounded font-bold text-brand-900">
        <img src="/images/logo.svg" alt="" width={36} height={36} className="h-9 w-9" />
        <span className="text-lg">Space Solution</span>
      </Link>
      <div className="rounded-xl bg-white p-6 shadow-sm md:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
