/**
 * The per-user cache of GET answers (spec §7 Caching, §9): entries live 180 s; once there are more than 100,
 * a sweep every 15 s drops the expired ones.
 */
export const CACHE_TTL_MS = 180_000;
export const CACHE_SWEEP_MS = 15_000;
export const CACHE_SWEEP_ABOVE = 100;

/**
 * Which answers are cached, and which calls make them stale, is declared on the endpoints (spec §7 "Caching"): a GET
 * says `cache: true`, a call that changes what it answers lists it in `invalidates` (app/api/endpoint.ts).
 */
type Declaration = { method: string; path: string; cache?: boolean };

type Entry = { userKey: string; path: string; value: unknown; expiresAt: number };

export class ApiCache {
  private readonly entries = new Map<string, Entry>();
  private readonly timer: ReturnType<typeof setInterval>;

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

  get(userKey: string, path: string, search: string): unknown {
    const entry = this.entries.get(key(userKey, path, search));
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    return entry.value;
  }

  set(userKey: string, path: string, search: string, value: unknown): void {
    this.entries.set(key(userKey, path, search), {
      userKey,
      path,
      value,
      expiresAt: this.now() + CACHE_TTL_MS,
    });
  }

  /** After a non-GET call on `path`: drops this user's entries for that URL and for the GETs it makes stale. */
  invalidate(userKey: string, path: string, stale: readonly { path: string }[] = []): void {
    for (const [k, entry] of this.entries) {
      if (entry.userKey !== userKey) continue;
      if (entry.path === path || stale.some((get) => get.path === entry.path)) this.entries.delete(k);
    }
  }

  /** Logout, or a session that ended: everything of this user goes. */
  clearUser(userKey: string): void {
    for (const [k, entry] of this.entries) if (entry.userKey === userKey) this.entries.delete(k);
  }

  /** Runs every 15 s; only does work once the cache holds more than 100 entries. */
  sweep(): void {
    if (this.entries.size <= CACHE_SWEEP_ABOVE) return;
    const now = this.now();
    for (const [k, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(k);
  }

  dispose(): void {
    clearInterval(this.timer);
    this.entries.clear();
  }
}

function key(userKey: string, path: string, search: string): string {
  return `${userKey}\u0000${path}\u0000${search}`;
}
