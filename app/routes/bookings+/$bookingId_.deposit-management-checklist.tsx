import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  addConditionNote,
  confirmDepositChecklist,
  type DepositChecklist,
  depositChecklist,
  imageUploadBookingFeedback,
  type ReportView,
  signOffConditionReport,
} from "~/api/reserve/deposit-checklist.server";
import { formatInstant } from "~/components/bookings/booking-words";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PendingButton } from "~/components/ui/pending-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatCalendarDate } from "~/domain/dates";
import {
  type ConditionStage,
  DEPOSIT_STATUS_LABELS,
  type DepositStatus,
  NOTE_MAX_LENGTH,
  REPORT_STATUS_LABELS,
  STAGE_LABELS,
} from "~/domain/deposits";
import { formatPeso } from "~/domain/money";
import type { ApiResult } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { readUploadForm } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import { depositChecklistPath, depositClaimPath } from "~/utils/site-paths";
import { errorToast, makeToast } from "~/utils/toast";

/**
 * A booking's move-in / move-out checklist and its deposit (docs/product.md, Screens and routes:
 * bookings/deposit-management-checklist; Deposits and condition reports; ADR 0032). At move-in and at move-out each
 * side adds photos and notes to its own report; the other side signs it off, or it stands 72 hours after its last
 * entry. The host's deposit panel: the deposit's state, the deadline (72 hours after the end), "Confirm checklist" (the
 * deposit goes back to the renter now) and "Open a claim" in the resolution center; the renter sees the deposit's
 * state. Every change is a plain form posted to the action (photos as multipart), so it all works without JavaScript.
 * Only the booking's renter and host; anyone else is refused.
 */
export const meta: MetaFunction = () =>
  pageMeta("Move-in and move-out checklist", "The condition reports and the deposit of a booking.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const answer = await client.call(depositChecklist, { params: { bookingId: params.bookingId ?? "" } });
  if (!answer.ok) {
    if (answer.status === 400) throw new Response("Not found", { status: 404 });
    throw new Response(answer.message, { status: answer.status });
  }
  return data({ checklist: answer.result });
}

const STAGES: readonly ConditionStage[] = ["move_in", "move_out"];

function isStage(value: string): value is ConditionStage {
  return (STAGES as readonly string[]).includes(value);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const bookingId = params.bookingId ?? "";
  const form = await readUploadForm(request);
  if (!form)
    return data(
      { toast: errorToast("The photos are too large. Please send at most 15 MB at a time.") },
      { status: 413 },
    );
  const text = (name: string) => String(form.text.get(name) ?? "").trim();
  const stage = text("stage");
  let answer: ApiResult<unknown>;
  switch (form.text.get("intent")) {
    case "add": {
      if (!isStage(stage))
        return data({ toast: errorToast("Please choose move-in or move-out.") }, { status: 400 });
      const photos = form.files;
      if (photos.length === 0) {
        answer = await client.call(addConditionNote, { body: { bookingId, stage, note: text("note") } });
        break;
      }
      const upload = new FormData();
      for (const photo of photos) upload.append("image", photo, photo.name);
      upload.append("bookingId", bookingId);
      upload.append("stage", stage);
      if (text("note")) upload.append("note", text("note"));
      answer = await client.call(imageUploadBookingFeedback, { body: upload });
      break;
    }
    case "sign-off":
      if (!isStage(stage))
        return data({ toast: errorToast("Please choose move-in or move-out.") }, { status: 400 });
      answer = await client.call(signOffConditionReport, { body: { bookingId, stage } });
      break;
    case "confirm":
      answer = await client.call(confirmDepositChecklist, { body: { bookingId } });
      break;
    default:
      return data({ toast: errorToast("Please choose what to do.") }, { status: 400 });
  }
  if (!answer.ok) return data({ toast: answer.toast }, { status: answer.status });
  return redirectWithToast(depositChecklistPath(bookingId), makeToast("success", answer.message));
}

const DEPOSIT_TONES: Record<DepositStatus, BadgeTone> = {
  none: "neutral",
  held: "brand",
  claimed: "warning",
  released: "success",
  awarded: "warning",
  returned: "success",
};

export default function DepositChecklistPage() {
  const { checklist } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <Link
        to={`/bookings/${checklist.bookingId}`}
        className="text-sm font-semibold text-brand-700 underline"
      >
        ← Back to the booking
      </Link>
      <header className="mt-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Deposit and checklist</p>
        <h1 className="text-2xl font-bold text-slate-900">Move-in and move-out checklist</h1>
        <p className="mt-1 text-slate-700">
          {checklist.spaceTitle} · {formatCalendarDate(checklist.startDate)} to{" "}
          {formatCalendarDate(checklist.endDate)}
        </p>
      </header>
      {actionData?.toast ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          {actionData.toast.description}
        </p>
      ) : null}
      <DepositPanel checklist={checklist} pending={pending} />
      {STAGES.map((stage) => (
        <StageSection key={stage} stage={stage} checklist={checklist} pending={pending} />
      ))}
    </article>
  );
}

function DepositPanel({ checklist, pending }: { checklist: DepositChecklist; pending: boolean }) {
  const { deposit, role } = checklist;
  return (
    <Card as="section" className="mt-6" aria-labelledby="deposit-heading" data-testid="deposit-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="deposit-heading" className="text-lg font-bold text-slate-900">
          Deposit
        </h2>
        <Badge tone={DEPOSIT_TONES[deposit.status]}>
          <span data-testid="deposit-status">{DEPOSIT_STATUS_LABELS[deposit.status]}</span>
        </Badge>
      </div>
      {deposit.status === "none" ? (
        <p className="mt-2 text-slate-700">This booking has no deposit.</p>
      ) : (
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-slate-700">Amount</dt>
          <dd>{formatPeso(deposit.amount)}</dd>
          <dt className="font-semibold text-slate-700">The booking ends</dt>
          <dd>{formatInstant(deposit.endsAt)}</dd>
          <dt className="font-semibold text-slate-700">Host's deadline</dt>
          <dd>{formatInstant(deposit.deadline)}</dd>
          {deposit.settledAt ? (
            <>
              <dt className="font-semibold text-slate-700">Settled</dt>
              <dd>
                {formatInstant(deposit.settledAt)}: {formatPeso(deposit.refundedToRenter)} back to the renter
                {deposit.awardedToHost > 0 ? `, ${formatPeso(deposit.awardedToHost)} to the host` : ""}.
                {deposit.reason ? ` ${deposit.reason}` : ""}
              </dd>
            </>
          ) : null}
        </dl>
      )}
      {deposit.status === "held" || deposit.status === "claimed" ? (
        <p className="mt-3 text-sm text-slate-700">
          {role === "host"
            ? "After the booking ends, you have 72 hours to confirm the move-out checklist (the deposit goes back to the renter) or open a claim with photos. If you do neither, the deposit goes back to the renter."
            : "Space Solution holds your deposit. After the booking ends, the host has 72 hours to confirm the move-out checklist or open a claim; with no answer, it comes back to you."}
          {deposit.status === "claimed"
            ? " A case on this booking is open: an operator decides the deposit."
            : ""}
        </p>
      ) : null}
      {deposit.canConfirm || deposit.canClaim ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {deposit.canConfirm ? (
            <Form method="post">
              <input type="hidden" name="intent" value="confirm" />
              <PendingButton pending={pending} pendingLabel="Confirming…">
                Confirm checklist
              </PendingButton>
            </Form>
          ) : null}
          {deposit.canClaim ? (
            <ButtonLink to={depositClaimPath(checklist.bookingId)} variant="secondary">
              Open a claim
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function StageSection({
  stage,
  checklist,
  pending,
}: {
  stage: ConditionStage;
  checklist: DepositChecklist;
  pending: boolean;
}) {
  const reports = checklist.reports.filter((report) => report.stage === stage);
  const other = checklist.role === "renter" ? "host" : "renter";
  const mine = reports.find((report) => report.mine);
  const theirs = reports.find((report) => !report.mine);
  const refusal = checklist.canAdd[stage];
  const headingId = `${stage}-heading`;
  return (
    <Card as="section" className="mt-6" aria-labelledby={headingId} data-testid={`${stage}-section`}>
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {STAGE_LABELS[stage]}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Report title="Your report" report={mine} stage={stage} pending={pending} />
        <Report title={`The ${other}'s report`} report={theirs} stage={stage} pending={pending} />
      </div>
      {refusal === null ? (
        // A new form once an entry is added (as the chat's), so the note and photos just added are not left in it
        // to be added twice; a refused one keeps what was typed.
        <Form
          key={mine?.entries.length ?? 0}
          method="post"
          encType="multipart/form-data"
          className="mt-4 space-y-3"
        >
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="stage" value={stage} />
          <div>
            <label htmlFor={`${stage}-note`} className="block text-sm font-semibold text-slate-800">
              Note
            </label>
            <textarea
              id={`${stage}-note`}
              name="note"
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
            />
          </div>
          <div>
            <label htmlFor={`${stage}-photos`} className="block text-sm font-semibold text-slate-800">
              Photos (optional)
            </label>
            <input
              id={`${stage}-photos`}
              name="image"
              type="file"
              multiple
              accept="image/jpeg,image/png,.jpg,.jpeg,.png"
              aria-describedby={`${stage}-photos-hint`}
              className="mt-1 block w-full text-sm file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
            />
            <p id={`${stage}-photos-hint`} className="mt-1 text-sm text-slate-600">
              JPEG or PNG, up to 15 MB in all. The time each photo was taken is kept.
            </p>
          </div>
          <PendingButton pending={pending} pendingLabel="Adding…" variant="secondary">
            Add to my {STAGE_LABELS[stage].toLowerCase()} report
          </PendingButton>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{refusal}</p>
      )}
    </Card>
  );
}

function Report({
  title,
  report,
  stage,
  pending,
}: {
  title: string;
  report: ReportView | undefined;
  stage: ConditionStage;
  pending: boolean;
}) {
  return (
    <div
      className="rounded-lg border border-slate-200 p-3"
      data-testid={report ? `report-${report.side}` : undefined}
    >
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {!report ? (
        <p className="mt-1 text-sm text-slate-600">Nothing yet.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700" data-testid="report-status">
            {REPORT_STATUS_LABELS[report.status]}
            {report.status === "awaiting_sign_off"
              ? ` · without one, final on ${formatInstant(report.standsAt)}`
              : ""}
          </p>
          <ul className="mt-2 space-y-3">
            {report.entries.map((entry) => (
              <li key={entry.entryId} className="text-sm">
                {entry.photo ? (
                  <img
                    src={entry.photo.url}
                    srcSet={entry.photo.variants
                      .map((variant) => `${variant.url} ${variant.width}w`)
                      .join(", ")}
                    sizes="(min-width: 640px) 20rem, 100vw"
                    width={entry.photo.width ?? undefined}
                    height={entry.photo.height ?? undefined}
                    alt={entry.note ? `Photo: ${entry.note}` : `${STAGE_LABELS[stage]} photo`}
                    loading="lazy"
                    className="h-auto w-full rounded-md"
                  />
                ) : null}
                {entry.note ? <p className="mt-1 text-slate-800">{entry.note}</p> : null}
                <p className="text-xs text-slate-600">
                  {entry.capturedAt ? `Taken ${formatInstant(entry.capturedAt)} · ` : ""}
                  Added {formatInstant(entry.createdAt)}
                </p>
              </li>
            ))}
          </ul>
          {report.canSignOff ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="sign-off" />
              <input type="hidden" name="stage" value={stage} />
              <PendingButton pending={pending} pendingLabel="Signing off…" size="sm">
                Sign off this report
              </PendingButton>
            </Form>
          ) : null}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
