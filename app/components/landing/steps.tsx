import type { Step } from "~/content/home";

/** A numbered list of steps with a title: "how it works" for renters or for hosts. */
export function Steps({ title, steps }: { title: string; steps: readonly Step[] }) {
  return (
    <div>
      <h3 className="text-lg font-semibold text-brand-700">{title}</h3>
      <ol className="mt-4 space-y-4">
        {steps.map(([name, text], index) => (
          <li key={name} className="flex gap-4">
            <span
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-semibold">{name}</p>
              <p className="text-slate-700">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
