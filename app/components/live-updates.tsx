import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useEventSource } from "remix-utils/sse/react";

/**
 * Live updates for a logged-in user (ADR 0026): listens to /messages/events and revalidates the page's loaders when
 * something of theirs changed (a message, a notification, a viewing), so the red dots, the inbox and an open
 * conversation are current without a reload. The browser's EventSource reconnects by itself, with Last-Event-ID.
 * Without JavaScript the page shows what was true at load, with a refresh link where it matters.
 *
 * A change that arrives while the page is already loading (most often the person's own action, whose answer is
 * being loaded with its toast) waits for that load to end: starting another would cancel it, and its toast with it.
 */
export function LiveUpdates() {
  const changed = useEventSource("/messages/events", { event: "changed" });
  const { revalidate, state: revalidation } = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy =
    navigation.state !== "idle" ||
    revalidation !== "idle" ||
    fetchers.some((fetcher) => fetcher.state !== "idle");
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (changed) setDue(true);
  }, [changed]);
  useEffect(() => {
    if (!due || busy) return;
    setDue(false);
    revalidate();
  }, [due, busy, revalidate]);
  return null;
}
