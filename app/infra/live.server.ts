import { getDatabase } from "~/db/db.server";
import { pgChannel } from "~/db/pg-channel.server";
import { log } from "./log.server";

/**
 * Live updates' fan-out (ADR 0026): "something changed for this user" travels from the request or job that changed
 * it to every event stream that user has open, on whichever app instance holds it. On a PostgreSQL server that is
 * LISTEN/NOTIFY on one channel, so two instances on one database deliver to each other's pages; on the embedded
 * database (one process by nature) an in-process bus.
 *
 * Only a signal travels: the page that hears it revalidates its loaders, which read through the API as ever.
 */
export type Topic = "messages" | "notifications" | "viewings";
export type Change = { userId: string; topic: Topic; at: number };
export type Listener = (change: Change) => void;

export type LiveBus = {
  /** Tells every subscriber of these users, on every instance. */
  publish(changes: readonly Omit<Change, "at">[]): Promise<void>;
  /** Hears one user's changes until the returned function is called. */
  subscribe(userId: string, listener: Listener): () => void;
  /**
   * Whether this user may have missed a change since `at` (a stream's Last-Event-ID): a change heard since then, or
   * a moment from before this bus started listening, when nothing is known.
   */
  changedSince(userId: string, at: number): boolean;
  close(): Promise<void>;
};

const CHANNEL = "space_solution_live";
/** How long the bus remembers each user's last change, for streams that reconnect with a Last-Event-ID. */
const RECALL_MS = 10 * 60_000;

/** A bus on a PostgreSQL server (`url`), or in process without one. */
export function createLiveBus(options: { url?: string } = {}): LiveBus {
  const listeners = new Map<string, Set<Listener>>();
  const startedAt = Date.now();
  const latest = new Map<string, number>();
  let sweptAt = startedAt;
  const deliver = (change: Change) => {
    latest.set(change.userId, change.at);
    // What is older than the recall window is forgotten (a reconnect from before it just catches up).
    if (change.at - sweptAt > RECALL_MS) {
      for (const [userId, at] of latest) if (at < change.at - RECALL_MS) latest.delete(userId);
      sweptAt = change.at;
    }
    for (const listener of listeners.get(change.userId) ?? []) listener(change);
  };
  const changedSince = (userId: string, at: number) =>
    !Number.isFinite(at) || at < Math.max(startedAt, sweptAt - RECALL_MS) || (latest.get(userId) ?? 0) > at;
  const subscribe = (userId: string, listener: Listener) => {
    const set = listeners.get(userId) ?? new Set<Listener>();
    listeners.set(userId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(userId);
    };
  };

  if (!options.url) {
    return {
      async publish(changes) {
        const at = Date.now();
        for (const change of changes) deliver({ ...change, at });
      },
      subscribe,
      changedSince,
      async close() {
        listeners.clear();
      },
    };
  }

  const channel = pgChannel({
    url: options.url,
    channel: CHANNEL,
    onMessage(payload) {
      try {
        deliver(JSON.parse(payload) as Change);
      } catch {
        // Not ours: a payload we did not write is ignored.
      }
    },
    // Pages keep listening through a database restart: listen again once it answers.
    stayOpen: () => listeners.size > 0,
  });

  return {
    async publish(changes) {
      const at = Date.now();
      for (const change of changes) await channel.notify(JSON.stringify({ ...change, at }));
    },
    subscribe(userId, listener) {
      void channel.open().catch((error) => log.error({ err: error }, "[live] cannot listen"));
      return subscribe(userId, listener);
    },
    changedSince,
    async close() {
      listeners.clear();
      await channel.close();
    },
  };
}

let bus: Promise<LiveBus> | undefined;

/** The process's bus, on the app's own database. */
export function liveBus(): Promise<LiveBus> {
  bus ??= getDatabase().then((handle) => createLiveBus({ url: handle.url }));
  return bus;
}

/**
 * Tells these users' open pages that something changed. It never fails the change itself: a page that missed the
 * signal catches up at its next load or reconnect.
 */
export async function publishChanges(changes: readonly Omit<Change, "at">[]): Promise<void> {
  if (changes.length === 0) return;
  try {
    await (await liveBus()).publish(changes);
  } catch (error) {
    log.error({ err: error }, "[live] could not publish");
  }
}

export async function closeLiveBus(): Promise<void> {
  const current = await bus?.catch(() => undefined);
  bus = undefined;
  await current?.close();
}
