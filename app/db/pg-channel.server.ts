import pg from "pg";

/**
 * One PostgreSQL LISTEN/NOTIFY channel on a connection of its own: how the instances of the app on one database
 * tell each other what happened (live updates, ADR 0026; answers the per-user cache must drop, ADR 0036). The
 * connection both listens and notifies; it opens at first use and, after a loss or a failed attempt, again a second
 * later for as long as `stayOpen` says someone still needs to hear.
 */
export type PgChannel = {
  /** Whether the channel is being heard now: connected and listening. */
  readonly listening: boolean;
  /** Opens the connection (if it is not open or opening) and listens; rejects when the database cannot be reached. */
  open(): Promise<void>;
  /** Sends a payload to every listener of the channel, this instance's included. */
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
};

const RECONNECT_MS = 1_000;

export function pgChannel(options: {
  url: string;
  /** The channel's name: letters and underscores (it is written into LISTEN as it is). */
  channel: string;
  onMessage: (payload: string) => void;
  /** After the connection is lost: whatever was heard so far may have missed something. */
  onLost?: () => void;
  /** Whether to connect again after a loss. */
  stayOpen: () => boolean;
}): PgChannel {
  const { url, channel, onMessage, onLost, stayOpen } = options;
  let connection: Promise<pg.Client> | undefined;
  let listening = false;
  let closed = false;
  let sending: Promise<void> = Promise.resolve();
  const retryLater = () => {
    if (!closed && stayOpen()) setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
  };
  const connect = (): Promise<pg.Client> => {
    // Once closed (at shutdown) it stays closed: a new connection would keep the process alive.
    if (closed) return Promise.reject(new Error(`The ${channel} channel is closed.`));
    connection ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      const lost = () => {
        if (connection === undefined) return;
        connection = undefined;
        listening = false;
        client.removeAllListeners();
        client.on("error", () => {});
        client.end().catch(() => {});
        onLost?.();
        retryLater();
      };
      client.on("error", lost);
      client.on("end", lost);
      client.on("notification", (message) => {
        if (message.channel === channel && message.payload) onMessage(message.payload);
      });
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      listening = true;
      return client;
    })().catch((error) => {
      connection = undefined;
      retryLater();
      throw error;
    });
    return connection;
  };

  return {
    get listening() {
      return listening;
    },
    async open() {
      await connect();
    },
    notify(payload) {
      // One query at a time on the connection (node-postgres no longer queues them for us).
      const sent = sending.then(async () => {
        const client = await connect();
        await client.query("select pg_notify($1, $2)", [channel, payload]);
      });
      sending = sent.catch(() => {});
      return sent;
    },
    async close() {
      closed = true;
      listening = false;
      const client = await connection?.catch(() => undefined);
      connection = undefined;
      client?.removeAllListeners();
      await client?.end().catch(() => {});
    },
  };
}
