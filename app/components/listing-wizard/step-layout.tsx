import { Link, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PendingButton } from "~/components/ui/pending-button";
import {
  type ListingStep,
  progressSteps,
  progressStepTitle,
  type SpaceView,
  STEP_TITLES,
} from "~/domain/space";
import { stepPath } from "~/utils/site-paths";

/**
 * The frame of every list-your-space step: "Step 3 of 13", the steps as a progress list (saved ones are links, so a
 * host can jump back to any of them), the step's heading and its form. `space` is the draft (null before the first
 * save).
 */
export function ListingStepLayout({
  step,
  space,
  intro,
  children,
}: {
  step: ListingStep;
  space: Pick<SpaceView, "_id" | "storageType" | "completedSteps"> | null;
  intro?: ReactNode;
  children: ReactNode;
}) {
  // One size step is counted from the start: "of 13" before the type is chosen as after it.
  const steps = progressSteps(space?.storageType);
  const current = steps.indexOf(step) + 1;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <nav aria-label="Listing steps" className="mb-6">
        <p className="text-sm font-semibold text-brand-700">
          Step {current} of {steps.length}
        </p>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Listing progress"
          aria-valuemin={0}
          aria-valuemax={steps.length}
          aria-valuenow={current}
        >
          <div className="h-full bg-brand-600" style={{ width: `${(current / steps.length) * 100}%` }} />
        </div>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-700">All steps</summary>
          <ol className="mt-2 space-y-1">
            {steps.map((each) => {
              const saved = each !== "size" && (space?.completedSteps.includes(each) ?? false);
              const label = `${progressStepTitle(each)}${saved ? " (saved)" : ""}`;
              return (
                <li key={each} aria-current={each === step ? "step" : undefined}>
                  {space && each !== "size" && (saved || each === step) ? (
                    <Link
                      to={stepPath(each, space._id)}
                      className={each === step ? "font-semibold text-brand-800" : "text-brand-700 underline"}
                    >
                      {label}
                    </Link>
                  ) : (
                    <span className={each === step ? "font-semibold text-slate-900" : "text-slate-600"}>
                      {label}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </details>
      </nav>
      <h1 className="text-2xl font-bold text-slate-900">{STEP_TITLES[step]}</h1>
      {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
      <Card padding="lg" className="mt-6">
        <DiscardNotice />
        {children}
      </Card>
    </div>
  );
}

/**
 * Continue and Back, for the end of a step's form. Continue comes first in the form, so Enter continues; Back
 * (intent "back") saves what was typed and goes to the previous step.
 */
export function StepActions({
  pending,
  showBack = true,
  continueLabel = "Save and continue",
}: {
  pending?: boolean;
  showBack?: boolean;
  continueLabel?: string;
}) {
  return (
    <div className="mt-8 flex flex-row-reverse items-center justify-between gap-3">
      <PendingButton pending={pending ?? false} pendingLabel="Saving…">
        {continueLabel}
      </PendingButton>
      {showBack ? (
        <Button type="submit" variant="quiet" name="intent" value="back">
          Back
        </Button>
      ) : null}
    </div>
  );
}

/** After Back with input that does not pass the step's rules: a way to leave the step without saving it. */
function DiscardNotice() {
  const actionData = useActionData<unknown>();
  const discardTo =
    actionData && typeof actionData === "object" && "discardTo" in actionData ? actionData.discardTo : null;
  if (typeof discardTo !== "string") return null;
  return (
    <p
      className="mb-5 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      role="status"
    >
      This step is not saved until its errors are fixed.{" "}
      <Link to={discardTo} className="font-semibold underline">
        Go back without saving it
      </Link>
    </p>
  );
}
