import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getMyResolutionList } from "~/api/resol/resolutions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CaseStateBadge } from "~/components/resolutions/case-parts";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { formatMoment } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { amountAskedText } from "~/domain/resolution";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";

/**
 * The resolution center (docs/product.md, Screens and routes: user-profile resolution-center): the caller's cases on
 * both sides — the ones they opened and the ones opened on their bookings — with their state, and the way to open a new
 * one.
 */
export const meta: MetaFunction = () =>
  pageMeta(
    "Resolution center",
    "Your cases about bookings: deposit claims and complaints, and their decisions.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const answer = await client.call(getMyResolutionList, { query: { userId: profile.userId } });
  if (!answer.ok) throw await redirectWithToast("/user-profile/user-profile-menu", answer.toast);
  return data({ cases: answer.result });
}

const SIDE = { host: "the host", renter: "the renter" } as const;

export default function ResolutionCenter() {
  const { cases } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Resolution center</h1>
        <ButtonLink to="/user-profile/resolution-center/new" size="sm">
          Open a case
        </ButtonLink>
      </div>
      <p className="mt-2 text-slate-700">
        When something goes wrong with a booking — damage found at move-out, access refused, a space not as
        described — open a case. The other side answers in its thread and a Space Solution operator decides.
      </p>
      {cases.length === 0 ? (
        <EmptyState
          testId="no-cases"
          message="You have no cases. Hosts: if you find damage after a booking ends, open a claim on the deposit within 72 hours. Renters: if something is wrong with your booking, open a case and the host will be asked to answer."
          action={{ to: "/user-profile/resolution-center/new", label: "Open a case" }}
        />
      ) : (
        <ul className="mt-6 space-y-3">
          {cases.map((item) => (
            <Card as="li" key={item.resolutionId} data-testid={`case-${item.state}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="font-semibold text-slate-900">
                  <Link
                    to={`/user-profile/resolution-center/${item.resolutionId}`}
                    className="text-brand-700 underline"
                  >
                    {item.reasonLabel}
                  </Link>
                </h2>
                <CaseStateBadge state={item.state} />
              </div>
              <p className="mt-1 text-sm text-slate-700">{item.spaceTitle}</p>
              <p className="mt-1 text-sm text-slate-700">
                {item.openedByMe ? "You opened it" : `Opened by ${SIDE[item.openerSide]}`} on{" "}
                {formatMoment(item.createdAt)}; {amountAskedText(item.amountAsked) ?? "no amount"} asked
                {item.award === null ? "" : `, ${formatPeso(item.award)} awarded`}.
              </p>
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
