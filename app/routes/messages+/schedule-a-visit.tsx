import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  bookViewing,
  editbookView,
  myViewings,
  requestViewing,
  viewing,
} from "~/api/conversations/viewings.server";
import { viewSpaceBrief } from "~/api/space/listing-page.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SlotFields } from "~/components/messages/slot-fields";
import { useIsPending } from "~/components/ui/use-is-pending";
import { CONTACTS_HIDDEN_NOTE } from "~/domain/contact-masking";
import { VIEWING_WINDOW_DAYS } from "~/domain/conversation";
import type { ApiResult } from "~/screens/api.server";
import { requireProfile } from "~/screens/auth.server";
import { redirectWithToast } from "~/screens/toast.server";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import { makeToast } from "~/utils/toast";

/**
 * Scheduling a visit (docs/product.md, Screens and routes: messages schedule-a-visit; docs/product.md, Conversations
 * and viewings). With `spaceId`, a renter asks to view a space with up to three times; with `viewingId`, either side
 * sees the viewing: the side that did not offer the times confirms one or proposes others, either side reschedules or
 * cancels, and a confirmed viewing links its gate pass and calendar file. All plain forms.
 */
export const meta: MetaFunction = () =>
  pageMeta("Schedule a visit", "Arrange a viewing of a space with its host.");

const DAY_MS = 86_400_000;
const MANILA_MS = 8 * 3_600_000;

/** The `datetime-local` bounds: from now to 14 days ahead, in Manila time. */
function bounds(now = Date.now()) {
  const local = (ms: number) => new Date(ms + MANILA_MS).toISOString().slice(0, 16);
  return { min: local(now), max: local(now + VIEWING_WINDOW_DAYS * DAY_MS) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const url = new URL(request.url);
  const viewingId = url.searchParams.get("viewingId");
  if (viewingId) {
    const answer = await client.call(viewing, { query: { viewingId } });
    if (!answer.ok) throw await redirectWithToast("/messages/check-list?tab=my", answer.toast);
    return data({ viewing: answer.result, space: null, bounds: bounds() });
  }
  const spaceId = url.searchParams.get("spaceId") ?? "";
  const space = await client.call(viewSpaceBrief, { query: { spaceId } });
  if (!space.ok) throw await redirectWithToast(PATHS.search, space.toast);
  return data({
    viewing: null,
    space: { spaceId, spaceTitle: space.result.spaceTitle ?? "this space", path: space.result.path },
    bounds: bounds(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const form = await request.formData();
  const viewingId = String(form.get("viewingId") ?? "");
  const slots = form.getAll("slots").map(String);
  let answer: ApiResult<{ viewingId: string }>;
  switch (form.get("intent")) {
    case "request": {
      const spaceId = String(form.get("spaceId") ?? "");
      answer = await client.call(requestViewing, {
        body: { spaceId, slots, note: String(form.get("note") ?? "") },
      });
      // One open viewing per renter and space: take the renter to the one they have.
      if (!answer.ok && answer.status === 409) {
        const mine = await client.call(myViewings);
        const open = mine.ok
          ? mine.result.find((v) => v.spaceId === spaceId && v.role === "renter" && v.state !== "cancelled")
          : undefined;
        if (open)
          return redirectWithToast(
            `/messages/schedule-a-visit?viewingId=${open.viewingId}`,
            makeToast("info", answer.message),
          );
      }
      break;
    }
    case "confirm":
      answer = await client.call(bookViewing, { body: { viewingId, slot: String(form.get("slot") ?? "") } });
      break;
    case "propose":
      answer = await client.call(bookViewing, { body: { viewingId, slots } });
      break;
    case "reschedule":
      answer = await client.call(editbookView, {
        query: { viewingId },
        body: { action: "reschedule", slots },
      });
      break;
    case "cancel":
      answer = await client.call(editbookView, {
        query: { viewingId },
        body: { action: "cancel", slots: [] },
      });
      break;
    default:
      return redirect("/messages/check-list?tab=my");
  }
  if (!answer.ok)
    return data(
      {
        toast: answer.toast,
        error: answer.errors[0]?.message ?? answer.message,
        intent: String(form.get("intent")),
      },
      { status: answer.status },
    );
  return redirectWithToast(
    `/messages/schedule-a-visit?viewingId=${answer.result.viewingId}`,
    makeToast("success", answer.message || "The viewing has been updated."),
  );
}

export default function ScheduleAVisit() {
  const loaded = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const errorFor = (intent: string) => (failed?.intent === intent ? failed.error : undefined);
  const sending = useIsPending({ intent: "request" });
  if (loaded.space) {
    const { space } = loaded;
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-6 md:py-10">
        <h1 className="text-2xl font-bold text-slate-900">Schedule a visit</h1>
        <p className="mt-2 text-slate-700">
          See{" "}
          <Link to={space.path} className="font-semibold text-brand-700 underline">
            {space.spaceTitle}
          </Link>{" "}
          before you book. Offer up to three times in the next {VIEWING_WINDOW_DAYS} days; the host confirms
          one or proposes others, and you get a gate pass with the exact address.
        </p>
        <Form method="post" className="mt-4 space-y-4 rounded-xl bg-white p-4 shadow-sm">
          <input type="hidden" name="spaceId" value={space.spaceId} />
          <SlotFields
            idPrefix="request-slot"
            min={loaded.bounds.min}
            max={loaded.bounds.max}
            error={errorFor("request")}
          />
          <div>
            <label htmlFor="note" className="block text-sm font-semibold text-slate-800">
              A note for the host (optional)
            </label>
            <textarea
              id="note"
              name="note"
              rows={2}
              maxLength={500}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900"
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="request"
            disabled={sending}
            className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {sending ? "Sending…" : "Ask for a visit"}
          </button>
        </Form>
      </div>
    );
  }
  const visit = loaded.viewing;
  if (!visit) return null;
  const open = visit.state !== "cancelled";
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 md:py-10">
      <p className="text-sm">
        <Link to="/messages/check-list?tab=my" className="font-semibold text-brand-700 underline">
          ← My viewings
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Viewing of {visit.spaceTitle}</h1>
      <p className="mt-1 text-slate-700">
        {visit.role === "host"
          ? `${visit.other.name} wants to see your space.`
          : `Host: ${visit.other.name}.`}{" "}
        <Link to={`/messages/${visit.conversationId}`} className="font-semibold text-brand-700 underline">
          Conversation
        </Link>
      </p>
      <p className="mt-3 font-semibold text-slate-900" data-testid="viewing-state">
        {visit.state === "confirmed"
          ? `Confirmed: ${visit.confirmed?.label}`
          : visit.state === "cancelled"
            ? "This viewing was cancelled."
            : visit.canAnswer
              ? "Please confirm one of these times or propose others."
              : `Waiting for ${visit.other.name} to answer.`}
      </p>
      {visit.note ? <p className="mt-1 text-sm text-slate-700">Note: {visit.note}</p> : null}
      {visit.note && !visit.contactsRevealed ? (
        <p className="mt-1 text-sm text-amber-900" data-testid="contacts-hidden">
          {CONTACTS_HIDDEN_NOTE}
        </p>
      ) : null}

      {visit.pass ? (
        <section
          className="mt-4 rounded-xl border-2 border-green-600 bg-white p-4"
          aria-labelledby="pass-title"
        >
          <h2 id="pass-title" className="font-bold text-slate-900">
            Gate pass {visit.pass.passNumber}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{visit.pass.address}</p>
          <p className="mt-3 flex flex-wrap gap-3">
            <Link
              to={visit.pass.path}
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              Open the gate pass
            </Link>
            <a
              href={`${visit.pass.path}.ics`}
              className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100"
            >
              Add to calendar (.ics)
            </a>
          </p>
        </section>
      ) : null}

      {visit.state === "requested" ? (
        <section className="mt-4 rounded-xl bg-white p-4 shadow-sm" aria-labelledby="times-title">
          <h2 id="times-title" className="font-bold text-slate-900">
            Times offered by {visit.proposedBy === visit.role ? "you" : visit.other.name}
          </h2>
          {visit.canAnswer ? (
            <Form method="post" className="mt-2 space-y-2">
              <input type="hidden" name="viewingId" value={visit.viewingId} />
              <fieldset>
                <legend className="sr-only">Choose a time</legend>
                {visit.slots.map((slot, index) => (
                  <label key={slot.start} className="flex items-center gap-2 py-1 text-slate-900">
                    <input
                      type="radio"
                      name="slot"
                      value={slot.start}
                      required
                      defaultChecked={index === 0}
                    />
                    {slot.label}
                  </label>
                ))}
              </fieldset>
              {errorFor("confirm") ? <p className="text-sm text-red-700">{errorFor("confirm")}</p> : null}
              <button
                type="submit"
                name="intent"
                value="confirm"
                className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
              >
                Confirm this time
              </button>
            </Form>
          ) : (
            <ul className="mt-2 list-disc pl-5 text-slate-900">
              {visit.slots.map((slot) => (
                <li key={slot.start}>{slot.label}</li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {open ? (
        <section className="mt-4 rounded-xl bg-white p-4 shadow-sm" aria-labelledby="change-title">
          <h2 id="change-title" className="font-bold text-slate-900">
            {visit.canAnswer ? "Propose other times" : "Change the times"}
          </h2>
          <Form method="post" className="mt-2 space-y-3">
            <input type="hidden" name="viewingId" value={visit.viewingId} />
            <SlotFields
              idPrefix="change-slot"
              min={loaded.bounds.min}
              max={loaded.bounds.max}
              error={errorFor(visit.canAnswer ? "propose" : "reschedule")}
            />
            <button
              type="submit"
              name="intent"
              value={visit.canAnswer ? "propose" : "reschedule"}
              className="rounded-md border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {visit.canAnswer ? "Propose these times" : "Reschedule"}
            </button>
          </Form>
          <Form method="post" className="mt-4 border-t border-slate-200 pt-3">
            <input type="hidden" name="viewingId" value={visit.viewingId} />
            <button
              type="submit"
              name="intent"
              value="cancel"
              className="font-semibold text-red-700 underline"
            >
              Cancel the viewing
            </button>
          </Form>
        </section>
      ) : visit.role === "renter" ? (
        <p className="mt-4">
          <Link
            to={`/messages/schedule-a-visit?spaceId=${visit.spaceId}`}
            className="font-semibold text-brand-700 underline"
          >
            Ask for a new visit
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
