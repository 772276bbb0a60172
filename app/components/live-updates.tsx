import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useEventSource } from "remix-utils/sse/react";

/**
 * Live updates for a logged-in user (ADR 0026): listens to /messages/events and revalidates the page's loaders when
 * something of theirs changed (a message, a notification, a viewing), so the red dots, the inbox and an open
 * conversation are current without a reload. The browser's EventSource reconnects by itself, with Last-Event-ID.
 * Without JavaScript the page shows what was true at load, with a refresh link where it matters.
 */
export function LiveUpdates() {
  const changed = useEventSource("/messages/events", { event: "changed" });
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (changed) revalidate();
  }, [changed, revalidate]);
  return null;
}
