import { Link } from "@remix-run/react";
import type { ViewingView } from "~/api/conversations/viewings.server";

const STATE_LABELS: Record<ViewingView["state"], string> = {
  requested: "Waiting for an answer",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
};

/** A viewing in a list: the space, the other person, its state and whose turn it is. */
export function ViewingCard({ viewing }: { viewing: ViewingView }) {
  const turn =
    viewing.state === "requested"
      ? viewing.canAnswer
        ? "Your answer is needed"
        : "Waiting for the other side"
      : null;
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm" data-testid="viewing-card">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={`/messages/schedule-a-visit?viewingId=${viewing.viewingId}`}
          className="font-semibold text-brand-700 underline"
        >
          {viewing.spaceTitle}
        </Link>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${viewing.state === "confirmed" ? "bg-green-100 text-green-900" : viewing.state === "cancelled" ? "bg-slate-200 text-slate-800" : "bg-amber-100 text-amber-900"}`}
        >
          {STATE_LABELS[viewing.state]}
        </span>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {viewing.role === "host"
          ? `${viewing.other.name} wants to see your space`
          : `Host: ${viewing.other.name}`}
      </p>
      <p className="mt-1 text-sm text-slate-900">
        {viewing.confirmed ? viewing.confirmed.label : viewing.slots.map((slot) => slot.label).join(" · ")}
      </p>
      {turn ? <p className="mt-1 text-sm font-semibold text-slate-800">{turn}</p> : null}
      {viewing.pass ? (
        <p className="mt-2 text-sm">
          <Link to={viewing.pass.path} className="font-semibold text-brand-700 underline">
            Gate pass {viewing.pass.passNumber}
          </Link>
        </p>
      ) : null}
    </li>
  );
}
