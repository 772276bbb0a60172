import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { gatePassPath, viewing } from "~/api/conversations/viewings.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GATE_PASS_EARLY_MINUTES } from "~/domain/conversation";
import { publicOrigin } from "~/env.server";
import { requireProfile } from "~/screens/auth.server";
import { passQrSvg } from "~/screens/gate-pass.server";
import { redirectWithToast } from "~/screens/toast.server";
import { makeToast } from "~/utils/toast";

/**
 * A confirmed viewing's gate pass (docs/product.md, Conversations and viewings): the QR code, the pass number, the time
 * window and the exact address, for the renter to show at the gate and the host to check. It says whether it is
 * valid now: only in its window (from a little before the hour to its end). Printable; no JavaScript needed.
 */
export const meta: MetaFunction = () => [
  { title: "Gate pass | Space Solution" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const viewingId = params.viewingId ?? "";
  const answer = await client.call(viewing, { query: { viewingId } });
  if (!answer.ok) throw await redirectWithToast("/messages/check-list?tab=my", answer.toast);
  if (!answer.result.pass)
    throw await redirectWithToast(
      `/messages/schedule-a-visit?viewingId=${viewingId}`,
      makeToast("info", "The gate pass comes when the viewing is confirmed."),
    );
  const passUrl = new URL(gatePassPath(viewingId), publicOrigin(request)).href;
  return data({ viewing: answer.result, qr: passQrSvg(passUrl), now: Date.now() });
}

export default function GatePass() {
  const { viewing: visit, qr, now } = useLoaderData<typeof loader>();
  const pass = visit.pass;
  const window = visit.confirmed;
  if (!pass || !window) return null;
  const status = pass.validNow
    ? "Valid now"
    : now > new Date(window.end).getTime()
      ? "Expired"
      : "Not valid yet";
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6 md:py-10">
      <article
        className="rounded-2xl border-2 border-slate-900 bg-white p-5 text-center"
        aria-labelledby="pass-title"
      >
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          Space Solution · Viewing gate pass
        </p>
        <h1
          id="pass-title"
          className="mt-1 text-3xl font-bold tracking-wider text-slate-900"
          data-testid="pass-number"
        >
          {pass.passNumber}
        </h1>
        <p
          className={`mx-auto mt-2 inline-block rounded-full px-3 py-1 text-sm font-bold ${pass.validNow ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
          data-testid="pass-status"
        >
          {status}
        </p>
        <div
          className="mx-auto mt-4 w-56 [&>svg]:h-auto [&>svg]:w-full"
          role="img"
          aria-label={`QR code of gate pass ${pass.passNumber}`}
          // The SVG is drawn on the server from the pass's own address: no user text goes into it.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made SVG markup, see above
          dangerouslySetInnerHTML={{ __html: qr }}
        />
        <dl className="mt-4 space-y-2 text-left">
          <div>
            <dt className="text-xs font-semibold uppercase text-slate-600">When</dt>
            <dd className="text-slate-900">{window.label}</dd>
            <dd className="text-xs text-slate-600">
              Valid from {GATE_PASS_EARLY_MINUTES} minutes before the visit to its end.
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase text-slate-600">Where</dt>
            <dd className="text-slate-900" data-testid="pass-address">
              {pass.address}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase text-slate-600">Space</dt>
            <dd className="text-slate-900">{visit.spaceTitle}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase text-slate-600">
              {visit.role === "host" ? "Visitor" : "Host"}
            </dt>
            <dd className="text-slate-900">{visit.other.name}</dd>
          </div>
        </dl>
      </article>
      <p className="mt-4 flex flex-wrap justify-center gap-3 print:hidden">
        <a
          href={`${pass.path}.ics`}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Add to calendar (.ics)
        </a>
        <Link
          to={`/messages/schedule-a-visit?viewingId=${visit.viewingId}`}
          className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100"
        >
          Back to the viewing
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
