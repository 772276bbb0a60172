import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { viewSpaceBrief } from "~/api/space/listing-page.server";
import { spaceBriefHostView } from "~/api/space/spaces.server";
import { viewUserProfile } from "~/api/user/user.server";
import {
  type ContractDetails,
  contractDetails,
  StandardContract,
} from "~/components/listing-wizard/standard-contract";
import { useHydrated } from "~/components/ui/use-hydrated";
import { displayUnit } from "~/domain/units";
import { hasSessionCookie } from "~/infra/session.server";
import { api } from "~/screens/api.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { listingPath, stepPath } from "~/utils/site-paths";

/**
 * contract-template (docs/product.md, Screens and routes): the Space Solution standard contract, printable. With
 * `?spaceId=` it is filled in with that listing's details — the host's own draft (GET /space/spaceBriefHostView, with
 * the street address), or for anyone else a published listing's public details (GET /space/viewSpaceBrief); without,
 * the generic template. The booking's own details (renter, dates, units) stay blanks. Print CSS keeps only the contract
 * on paper.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(
    "Standard rental contract",
    "The Space Solution standard contract for storage and parking rentals.",
  );

type Template = { details: ContractDetails | null; back: { to: string; label: string } | null };

async function hostTemplate(request: Request, spaceId: string): Promise<Template | null> {
  if (!hasSessionCookie(request)) return null;
  const client = api(request);
  const [space, profile] = await Promise.all([
    client.call(spaceBriefHostView, { query: { spaceId } }),
    client.call(viewUserProfile),
  ]);
  if (!space.ok || !profile.ok) return null;
  const { firstName, middleName, lastName, suffix, measurementUnit } = profile.result;
  const hostName = [firstName, middleName, lastName, suffix].filter(Boolean).join(" ");
  const streetAddress = [space.result.address.addressLine1, space.result.address.addressLine2]
    .filter(Boolean)
    .join(", ");
  return {
    details: contractDetails({ ...space.result, streetAddress }, hostName, displayUnit(measurementUnit)),
    back: { to: stepPath("contract-facility", spaceId), label: "Back to the contract step" },
  };
}

async function publicTemplate(request: Request, spaceId: string): Promise<Template | null> {
  const answer = await api(request).call(viewSpaceBrief, { query: { spaceId } });
  if (!answer.ok) return null;
  return {
    details: contractDetails(answer.result, answer.result.host.name, "meter"),
    back: { to: listingPath(answer.result), label: "Back to the listing" },
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const spaceId = new URL(request.url).searchParams.get("spaceId");
  if (!spaceId) return data<Template>({ details: null, back: null });
  const template = (await hostTemplate(request, spaceId)) ?? (await publicTemplate(request, spaceId));
  if (!template) throw new Response("This listing's contract was not found.", { status: 404 });
  return data<Template>(template);
}

/** On paper: only the contract (no header, menus, footer, toasts or buttons). */
const PRINT_CSS = `@media print {
  body > :not(main) { display: none !important; }
  .no-print { display: none !important; }
  main { padding: 0 !important; }
  .contract-sheet { box-shadow: none !important; padding: 0 !important; max-width: none !important; }
}`;

export default function ContractTemplate() {
  const { details, back } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      {/* A constant of this module, not user input; as text React would escape its ">" selectors. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: static CSS */}
      <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
      <div className="no-print mb-4 flex flex-wrap items-center justify-between gap-3">
        {back ? (
          <Link to={back.to} className="font-semibold text-brand-700 underline">
            {back.label}
          </Link>
        ) : (
          <span />
        )}
        {hydrated ? (
          <button
            type="button"
            onClick={() => window.print()}
            className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Print
          </button>
        ) : (
          <p className="text-sm text-slate-600">Use your browser's print command to print this contract.</p>
        )}
      </div>
      {details ? null : (
        <p className="no-print mb-4 rounded-lg bg-brand-50 p-4 text-sm text-slate-800">
          This is the generic template. Hosts see it filled in with their listing's details from the contract
          step of list your space.
        </p>
      )}
      <div className="contract-sheet rounded-xl bg-white p-6 shadow-sm sm:p-10">
        <StandardContract details={details} />
      </div>
    </div>
  );
}
