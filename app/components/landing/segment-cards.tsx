import { Link } from "@remix-run/react";
import { type Segment, segmentPath } from "~/content/solutions";

/** A use case as its card shows it. */
export type SegmentCard = Pick<Segment, "type" | "slug" | "name" | "summary">;

/** Cards that lead to segment pages, each with its name (an h3, under the section's h2) and its summary. */
export function SegmentCards({ segments }: { segments: readonly SegmentCard[] }) {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2">
      {segments.map((segment) => (
        <li key={segment.slug} className="rounded-xl border border-slate-200 bg-white p-5">
          <h3 className="text-lg font-semibold">
            <Link to={segmentPath(segment)} className="text-brand-700 hover:underline">
              {segment.name}
            </Link>
          </h3>
          <p className="mt-2 text-slate-700">{segment.summary}</p>
        </li>
      ))}
    </ul>
  );
}
