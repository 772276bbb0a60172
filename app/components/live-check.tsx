import { useEffect, useState } from "react";

export type LiveMessage = { tone: "ok" | "error"; text: string };

/**
 * A check that runs when the user leaves a field (JavaScript only; the server checks again on submit), with its
 * answer read out politely under the field.
 */
export function LiveCheck({
  inputId,
  check,
}: {
  inputId: string;
  check: (value: string, signal: AbortSignal) => Promise<LiveMessage | null>;
}) {
  const [message, setMessage] = useState<LiveMessage | null>(null);
  useEffect(() => {
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    if (!input) return;
    let controller: AbortController | undefined;
    const onBlur = () => {
      controller?.abort();
      controller = new AbortController();
      const value = input.value.trim();
      if (!value) return setMessage(null);
      check(value, controller.signal).then(setMessage, () => {
        // offline or aborted: the server checks on submit anyway
      });
    };
    input.addEventListener("blur", onBlur);
    return () => {
      input.removeEventListener("blur", onBlur);
      controller?.abort();
    };
  }, [inputId, check]);
  return (
    <p
      aria-live="polite"
      className={`-mt-3 text-sm ${message?.tone === "error" ? "text-red-700" : "text-green-800"}`}
    >
      {message?.text}
    </p>
  );
}

/** GETs one of our API calls and hands its envelope's result to `read`; failures read as "no answer". */
export async function askApi<T>(path: string, signal: AbortSignal): Promise<T | null> {
  const response = await fetch(`/api${path}`, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) return null;
  const body = (await response.json()) as { result?: T };
  return body.result ?? null;
}
