import { useHydrated } from "./use-hydrated";

/** Printing needs the browser's print dialog; without JavaScript the browser's own Print menu does the same. */
export function PrintButton({ label }: { label: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={() => {
        // Folded parts (a booking's price, history…) go on paper open: browsers without ::details-content print them shut.
        for (const details of document.querySelectorAll("[data-printable] details"))
          details.setAttribute("open", "");
        window.print();
      }}
      className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 print:hidden"
    >
      {label}
    </button>
  );
}
