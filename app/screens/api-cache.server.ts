/**
 * The per-user cache of GET answers (docs/product.md, Caching): entries live 180 s; once there are more than 100,
 * a sweep every 15 s drops the expired ones.
 */
export const CACHE_TTL_MS = 180_000;
export const CACHE_SWEEP_MS = 15_000;
export const CACHE_SWEEP_ABOVE = 100;

/**
 * Which answers are cached, and which calls make them stale, is declared on the endpoints (docs/product.md, Caching): a
 * GET says `cache: true`, a call that changes what it answers lists it in `invalidates` (app/api/endpoint.ts).
 */
type Declaration = { method: string; path: string; cache?: boolean };

type Entry = { userKey: string; path: string; value: unknown; expiresAt: number };

/** What a change made stale for one user: the answers of these paths, or (`everything`) all of theirs. */
export type Drop = { userKey: string; paths: readonly string[]; everything: boolean };

/**
 * The other instances of the app on the same database, each with a cache of its own (ADR 0036): a user's change
 * made through one instance must not leave their next page on another showing what the change replaced.
 */
export type CachePeers = {
  /** Whether the other instances' drops are being heard now; while they are not, nothing is served from the cache. */
  readonly listening: boolean;
  /** Tells the other instances to drop the same; resolves once they can hear it. */
  tell(drop: Drop): Promise<void>;
};

export class ApiCache {
  private readonly entries = new Map<string, Entry>();
  private readonly timer: ReturnType<typeof setInterval>;
  private peers: CachePeers | undefined;
  /** Drops so far, and each user's last one with when it was made: an answer asked for before it is not kept. */
  private drops = 0;
  private readonly lastDrop = new Map<string, { drop: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {
    this.timer = setInterval(() => this.sweep(), CACHE_SWEEP_MS);
    this.timer.unref?.();
  }

  /** Whether successful answers of this endpoint are cached: the GETs that say so. */
  static isCached(endpoint: Declaration): boolean {
    return endpoint.method === "GET" && endpoint.cache === true;
  }

  get size(): number {
    return this.entries.size;
  }

  /** From now on, drops are shared with these peers, and answers are served only while their drops are heard. */
  shareWith(peers: CachePeers): void {
    this.peers = peers;
  }

  get(userKey: string, path: string, search: string): unknown {
    if (this.peers && !this.peers.listening) return undefined;
    const entry = this.entries.get(key(userKey, path, search));
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    return entry.value;
  }

  /** A mark taken before asking the API: `set` with it keeps the answer only if no drop of its user came since. */
  mark(): number {
    return this.drops;
  }

  set(userKey: string, path: string, search: string, value: unknown, askedAt = this.drops): void {
    if (this.peers && !this.peers.listening) return;
    if ((this.lastDrop.get(userKey)?.drop ?? 0) > askedAt) return;
    this.entries.set(key(userKey, path, search), {
      userKey,
      path,
      value,
      expiresAt: this.now() + CACHE_TTL_MS,
    });
  }

  /** After a non-GET call on `path`: drops this user's entries for that URL and for the GETs it makes stale. */
  invalidate(userKey: string, path: string, stale: readonly { path: string }[] = []): void {
    this.remove(userKey, (entry) => entry.path === path || stale.some((get) => get.path === entry.path));
  }

  /** Logout, or a session that ended: everything of this user goes. */
  clearUser(userKey: string): void {
    this.remove(userKey, () => true);
  }

  /**
   * After a call that changed what cached answers say: drops them here and on every other instance (when shared),
   * and resolves once those have been told, so the user's next page, wherever it is served, shows the change.
   */
  async dropEverywhere(drop: Drop): Promise<void> {
    this.hear(drop);
    await this.peers?.tell(drop);
  }

  /** A drop made here or on another instance; an answer asked for before it is not kept either (see `mark`). */
  hear({ userKey, paths, everything }: Drop): void {
    this.drops += 1;
    this.lastDrop.set(userKey, { drop: this.drops, at: this.now() });
    this.remove(userKey, (entry) => everything || paths.includes(entry.path));
  }

  private remove(userKey: string, stale: (entry: Entry) => boolean): void {
    for (const [k, entry] of this.entries)
      if (entry.userKey === userKey && stale(entry)) this.entries.delete(k);
  }

  /** Everything goes: a while without hearing the other instances' drops may have missed some. */
  clear(): void {
    this.entries.clear();
  }

  /** Runs every 15 s; only does work once the cache holds more than 100 entries. */
  sweep(): void {
    const now = this.now();
    // An answer takes seconds at most: a drop older than a minute can no longer meet one still on its way.
    for (const [userKey, { at }] of this.lastDrop) if (at < now - 60_000) this.lastDrop.delete(userKey);
    if (this.entries.size <= CACHE_SWEEP_ABOVE) return;
    for (const [k, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(k);
  }

  dispose(): void {
    clearInterval(this.timer);
    this.entries.clear();
    this.lastDrop.clear();
  }
}

function key(userKey: string, path: string, search: string): string {
  return `${userKey}\u0000${path}\u0000${search}`;
}
