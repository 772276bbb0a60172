import { FIRST_LOGIN_STEPS, firstLoginStepNumber } from "~/utils/first-login";

/** "Step 2 of 3" with the steps' names, shown on the walk-through's screens. */
export function FirstLoginProgress({ path }: { path: string }) {
  const current = firstLoginStepNumber(path);
  if (current === 0) return null;
  return (
    <nav aria-label="Getting started" className="mb-6">
      <p className="text-sm font-semibold text-brand-700">
        Step {current} of {FIRST_LOGIN_STEPS.length}
      </p>
      <ol className="mt-2 flex gap-2">
        {FIRST_LOGIN_STEPS.map((step, index) => (
          <li
            key={step.path}
            aria-current={index + 1 === current ? "step" : undefined}
            className={`flex-1 rounded-full px-2 py-1 text-center text-xs font-medium ${
              index + 1 < current
                ? "bg-brand-600 text-white"
                : index + 1 === current
                  ? "bg-brand-100 text-brand-900 ring-2 ring-brand-600"
                  : "bg-slate-100 text-slate-600"
            }`}
          >
            {step.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
