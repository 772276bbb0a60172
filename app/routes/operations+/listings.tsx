import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  consoleHideListing,
  consoleListings,
  consoleRestoreListing,
  consoleSetVerified,
} from "~/api/operations/queues.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import {
  ActionMessage,
  buttonClass,
  ConsoleFilters,
  Field,
  inputClass,
  NoteField,
} from "~/components/operations/fields";
import { REASON_MAX_LENGTH } from "~/domain/operators";
import { actionAnswer, requireConsole, resultOrNotFound, text } from "~/screens/operations.server";

/**
 * The listings queue (docs/operations.md): new listings (published in the last 14 days), hidden ones, or all; hide
 * one with a reason its host sees (its page then answers 410), show it again with a note, and set the host's
 * verified mark. Forms post to this route's action: it works without JavaScript.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Listings");

const SHOWS = [
  { value: "new", label: "New" },
  { value: "hidden", label: "Hidden" },
  { value: "all", label: "All" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const url = new URL(request.url);
  const show = SHOWS.find((item) => item.value === url.searchParams.get("show"))?.value ?? "new";
  const q = url.searchParams.get("q")?.trim() ?? "";
  const listings = resultOrNotFound(
    await client.call(consoleListings, { query: { show, ...(q ? { q } : {}) } }),
  );
  return data({ state, show, q, listings });
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireConsole(request);
  const form = await request.formData();
  const here = `/operations/listings?${new URLSearchParams({ show: text(form, "show") || "new", q: text(form, "q") })}`;
  const spaceId = text(form, "spaceId");
  switch (text(form, "intent")) {
    case "hide":
      return actionAnswer(
        await client.call(consoleHideListing, { body: { spaceId, reason: text(form, "reason") } }),
        here,
      );
    case "restore":
      return actionAnswer(
        await client.call(consoleRestoreListing, { body: { spaceId, note: text(form, "note") } }),
        here,
      );
    default:
      return actionAnswer(
        await client.call(consoleSetVerified, {
          body: {
            userId: text(form, "userId"),
            adminVerified: text(form, "adminVerified") === "true" ? "true" : "false",
            note: text(form, "note"),
          },
        }),
        here,
      );
  }
}

export default function ListingsQueue() {
  const { state, show, q, listings } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const keep = (
    <>
      <input type="hidden" name="show" value={show} />
      <input type="hidden" name="q" value={q} />
    </>
  );
  return (
    <ConsoleShell state={state} title="Listings">
      <ConsoleFilters submit="Find">
        <Field label="Show">
          <select name="show" defaultValue={show} className={inputClass}>
            {SHOWS.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Title or host e-mail">
          <input name="q" defaultValue={q} className={inputClass} />
        </Field>
      </ConsoleFilters>
      <ActionMessage message={actionData && "message" in actionData ? actionData.message : null} />
      {listings.length === 0 ? <p className="mt-6 text-slate-700">No listings here.</p> : null}
      <ul className="mt-6 space-y-4">
        {listings.map((listing) => (
          <li key={listing.id} className="rounded-md border border-slate-300 p-4">
            <h2 className="font-semibold text-slate-900">
              <Link to={listing.path} className="underline">
                {listing.title}
              </Link>{" "}
              <span className="text-sm font-normal text-slate-700">
                ({listing.storageType ?? "draft"}, {listing.status}
                {listing.hiddenAt ? ", hidden" : ""})
              </span>
            </h2>
            <p className="text-sm text-slate-700">
              Host:{" "}
              <Link to={`/operations/users/${listing.host.id}`} className="underline">
                {listing.host.name}
              </Link>{" "}
              ({listing.host.email}){listing.host.adminVerified ? " · verified" : ""}
              {listing.host.suspended ? " · suspended" : ""}
            </p>
            {listing.hiddenReason ? (
              <p className="mt-1 text-sm text-red-800">Hidden: {listing.hiddenReason}</p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-4">
              {listing.hiddenAt ? (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  {keep}
                  <input type="hidden" name="spaceId" value={listing.id} />
                  <NoteField label="Note (why it may show again)" />
                  <button type="submit" name="intent" value="restore" className={buttonClass}>
                    Show again
                  </button>
                </Form>
              ) : (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  {keep}
                  <input type="hidden" name="spaceId" value={listing.id} />
                  <Field label="Reason the host and renters see">
                    <input name="reason" required maxLength={REASON_MAX_LENGTH} className={inputClass} />
                  </Field>
                  <button type="submit" name="intent" value="hide" className={buttonClass}>
                    Hide listing
                  </button>
                </Form>
              )}
              <Form method="post" className="flex flex-wrap items-end gap-2">
                {keep}
                <input type="hidden" name="userId" value={listing.host.id} />
                <input
                  type="hidden"
                  name="adminVerified"
                  value={listing.host.adminVerified ? "false" : "true"}
                />
                <NoteField />
                <button type="submit" name="intent" value="verify" className={buttonClass}>
                  {listing.host.adminVerified ? "Remove the host's verified mark" : "Mark the host verified"}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
