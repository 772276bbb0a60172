import { type Navigation, useNavigation } from "@remix-run/react";

/**
 * True while this page's navigation is in the given state (by default: a form is being submitted), so a button
 * can say "Saving…" and not be pressed twice. Narrow it to one form by its action, its method, or the intent of
 * the button that was pressed (the `intent` field several forms on one page share). Without JavaScript there is
 * no pending state: the browser shows its own progress.
 */
export function useIsPending({
  formAction,
  formMethod,
  intent,
  state = "submitting",
}: {
  formAction?: string;
  formMethod?: Navigation["formMethod"];
  intent?: string;
  state?: "submitting" | "loading" | "non-idle";
} = {}): boolean {
  const navigation = useNavigation();
  const inState = state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  return (
    inState &&
    (formAction === undefined || navigation.formAction === formAction) &&
    (formMethod === undefined || navigation.formMethod === formMethod) &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}
