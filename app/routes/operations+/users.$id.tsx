import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { consoleRestoreUser, consoleSuspendUser, consoleUser } from "~/api/operations/queues.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle, consoleMeta } from "~/components/operations/console-shell";
import { ActionMessage, buttonClass, NoteField } from "~/components/operations/fields";
import { formatMoment } from "~/domain/moments";
import { formatPeso } from "~/domain/money";
import { REPORT_REASON_LABELS } from "~/domain/reports";
import { actionAnswer, requireConsole, resultOrNotFound, text } from "~/screens/operations.server";

/**
 * One account in the console (docs/operations.md): its details, bookings and listings, and suspending or restoring
 * it with a note. Suspending ends its sessions, takes its listings out of search and declines its open requests with
 * a full refund; approved and active bookings go on.
 */
export const handle = consoleHandle;
export const meta: MetaFunction = () => consoleMeta("Account");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, state } = await requireConsole(request);
  const answer = await client.call(consoleUser, { query: { userId: params.id ?? "" } });
  if (!answer.ok && answer.status === 400) throw new Response("Not found", { status: 404 });
  return data({ state, detail: resultOrNotFound(answer) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { client } = await requireConsole(request);
  const form = await request.formData();
  const userId = params.id ?? "";
  const body = { userId, note: text(form, "note") };
  const here = `/operations/users/${userId}`;
  return text(form, "intent") === "restore"
    ? actionAnswer(await client.call(consoleRestoreUser, { body }), here)
    : actionAnswer(await client.call(consoleSuspendUser, { body }), here);
}

export default function UserDetail() {
  const { state, detail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { user } = detail;
  return (
    <ConsoleShell state={state} title={user.name}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">E-mail</dt>
        <dd>{user.email}</dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{user.phoneNumber ?? "—"}</dd>
        <dt className="font-semibold">Verified</dt>
        <dd>{user.adminVerified ? "Yes" : "No"}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>{user.suspendedAt ? `Suspended: ${user.suspensionNote ?? ""}` : "Active"}</dd>
      </dl>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
        <NoteField label="Note (required)" />
        <button
          type="submit"
          name="intent"
          value={user.suspendedAt ? "restore" : "suspend"}
          className={buttonClass}
        >
          {user.suspendedAt ? "Restore the account" : "Suspend the account"}
        </button>
      </Form>
      <ActionMessage message={actionData && "message" in actionData ? actionData.message : null} />
      <h2 className="mt-6 text-lg font-bold">Bookings</h2>
      {detail.bookings.length === 0 ? <p className="text-sm text-slate-700">None.</p> : null}
      <ul className="text-sm">
        {detail.bookings.map((booking) => (
          <li key={booking.id}>
            {booking.number} · as {booking.side} · {booking.state} · {booking.startDate} to {booking.endDate}
          </li>
        ))}
      </ul>
      <h2 className="mt-6 text-lg font-bold">Payments</h2>
      {detail.payments.length === 0 ? <p className="text-sm text-slate-700">None.</p> : null}
      <ul className="text-sm">
        {detail.payments.map((payment) => (
          <li key={payment.id}>
            {formatPeso(payment.amount)} · {payment.state} · booking {payment.bookingNumber}
            {payment.paidAt ? ` · ${formatMoment(payment.paidAt)}` : ""}
          </li>
        ))}
      </ul>
      <h2 className="mt-6 text-lg font-bold">Resolution cases</h2>
      {detail.cases.length === 0 ? <p className="text-sm text-slate-700">None.</p> : null}
      <ul className="text-sm">
        {detail.cases.map((item) => (
          <li key={item.id}>
            {item.reason} · {item.state} · booking {item.bookingNumber} ·{" "}
            {item.openedByThem ? "opened by them" : "opened by the other side"}
          </li>
        ))}
      </ul>
      <h2 className="mt-6 text-lg font-bold">Reports</h2>
      {detail.reports.length === 0 ? <p className="text-sm text-slate-700">None.</p> : null}
      <ul className="text-sm">
        {detail.reports.map((report) => (
          <li key={report.id}>
            <Link to={`/operations/reports/${report.id}`} className="underline">
              {REPORT_REASON_LABELS[report.reason]}: {report.kind}
            </Link>{" "}
            · {report.status} · {report.byThem ? "made by them" : "about them"} ·{" "}
            {formatMoment(report.createdAt)}
          </li>
        ))}
      </ul>
      <h2 className="mt-6 text-lg font-bold">Listings</h2>
      {detail.listings.length === 0 ? <p className="text-sm text-slate-700">None.</p> : null}
      <ul className="text-sm">
        {detail.listings.map((listing) => (
          <li key={listing.id}>
            <Link to={listing.path} className="underline">
              {listing.title}
            </Link>{" "}
            · {listing.status}
            {listing.hiddenReason ? ` · hidden: ${listing.hiddenReason}` : ""}
          </li>
        ))}
      </ul>
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
