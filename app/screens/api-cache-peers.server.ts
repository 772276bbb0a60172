import { randomUUID } from "node:crypto";
import { type PgChannel, pgChannel } from "~/db/pg-channel.server";
import { log } from "~/infra/log.server";
import type { ApiCache, Drop } from "./api-cache.server";

/**
 * The per-user answer cache shared between the instances of the app on one PostgreSQL server (ADR 0036): each
 * instance keeps its own answers, and tells the others over LISTEN/NOTIFY what a user's change made stale, so that
 * user's next page shows the change whichever instance serves it. While an instance cannot hear the others it
 * serves nothing from its cache, and after a loss it starts again from empty.
 */
const CHANNEL = "space_solution_api_cache";
type Message = { from: string; drop: Drop };

const openChannels = new Set<PgChannel>();

/** Shares this cache with the other instances on the database at `url`; answers its channel. */
export function shareOverDatabase(cache: ApiCache, url: string): PgChannel {
  // Which instance a drop comes from, so that one does not drop again what it has just dropped itself.
  const instance = randomUUID();
  const channel = pgChannel({
    url,
    channel: CHANNEL,
    onMessage(payload) {
      let message: Message;
      try {
        message = JSON.parse(payload) as Message;
      } catch {
        return; // Not ours: a payload we did not write is ignored.
      }
      if (message.from !== instance && message.drop) cache.hear(message.drop);
    },
    onLost: () => cache.clear(),
    stayOpen: () => true,
  });
  cache.shareWith({
    get listening() {
      return channel.listening;
    },
    async tell(drop) {
      const message: Message = { from: instance, drop };
      // The change itself is made: a drop that cannot be sent leaves the other instances' answers to their 180 s.
      await channel.notify(JSON.stringify(message)).catch((error) => {
        log.error({ err: error }, "[cache] could not tell the other instances");
      });
    },
  });
  void channel.open().catch((error) => log.error({ err: error }, "[cache] cannot hear the other instances"));
  openChannels.add(channel);
  return channel;
}

/** At shutdown: a channel's connection would keep the process alive. */
export async function closeCacheSharing(): Promise<void> {
  const channels = [...openChannels];
  openChannels.clear();
  await Promise.all(channels.map((channel) => channel.close()));
}
