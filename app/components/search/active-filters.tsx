import { RemovableChip } from "~/components/ui/chip";
import type { FilterChip } from "~/screens/search/active-filter-chips";

/** The active filters as chips; each removes its filter (a link: no JavaScript needed). */
export function ActiveFilters({ chips }: { chips: readonly FilterChip[] }) {
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.label}>
          <RemovableChip to={chip.to} label={chip.label} removeLabel={`Remove the filter: ${chip.label}`} />
        </li>
      ))}
    </ul>
  );
}
