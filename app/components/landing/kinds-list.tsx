import { kindLabel, type SpaceKind } from "~/domain/vocabulary";

/** The kinds of space, as the listings name them, in a compact list of chips. */
export function KindsList({ kinds }: { kinds: readonly SpaceKind[] }) {
  return (
    <ul className="mt-4 flex flex-wrap gap-2">
      {kinds.map((kind) => (
        <li
          key={kind}
          className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800"
        >
          {kindLabel(kind)}
        </li>
      ))}
    </ul>
  );
}
