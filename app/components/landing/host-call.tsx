import { Link } from "@remix-run/react";
import { listWithUsPath } from "~/components/enquiries/paths";
import type { SpaceType } from "~/domain/vocabulary";
import { PATHS } from "~/utils/menu";

/**
 * The call to hosts at the foot of the home and landing pages: list a space, or talk to our team first (prefilled
 * with the page's type of space, when it has one).
 */
export function HostCall({ title, text, type }: { title: string; text: string; type?: SpaceType }) {
  return (
    <section className="bg-brand-50">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-6 py-14 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 className="text-2xl font-bold">{title}</h2>
          <p className="mt-2 text-slate-700">{text}</p>
        </div>
        <div className="flex flex-col items-start gap-3 md:items-end">
          <Link
            to={PATHS.listSpace}
            className="rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
          >
            List a space
          </Link>
          <Link to={listWithUsPath({ storageType: type })} className="text-brand-700 underline">
            Questions first? Talk to our team
          </Link>
        </div>
      </div>
    </section>
  );
}
