/**
 * Space Solution's service worker (docs/decisions/0082-offline-pages-by-our-own-service-worker.md): the app shell
 * (the offline page, its styles, the icons and the manifest) and, for the person logged in, the copies of the pages
 * they need away from signal: their viewing gate passes, their bookings and booking pages (with the address) and
 * their receipts. Pages always come from the network first; only when it cannot be reached does a kept copy open,
 * without its scripts and with a line saying when it was saved, or else the offline page, listing what is kept.
 *
 * Whose copies these are: every page the server renders for someone logged in carries X-Offline-Key, a value of their
 * session. Copies are kept under it; a page with another key (someone else logged in) or none (logged out), and
 * logging out itself, delete them all first. So no copy is ever shown to anyone but the session that saved it.
 *
 * It also shows the bell's notices pushed to this browser (docs/decisions/0084-web-push-for-the-bell.md): a push
 * carries { title, body, url }, a path on this site; tapping the notification focuses a tab already on that page or
 * opens it.
 *
 * It is registered by a short script written after each page's shell, once the page has loaded, with the build's
 * version in its address (`/sw.js?v=…`): a new deployment is a new worker, which takes over at once and drops the old
 * shell.
 */

const VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
const SHELL = `shell-${VERSION}`;
/** Fingerprinted stylesheets (/build/…css) that the shell or a kept copy uses; they never change under one name. */
const ASSETS = "assets";
const PAGES = "pages-";
const META = "meta";
const OWNER = "/__offline/owner";
const OFFLINE_PATH = "/offline";
const SHELL_FILES = [
  "/manifest.webmanifest",
  "/favicon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
  "/icons/apple-touch-icon.png",
];
const KEY_HEADER = "X-Offline-Key";
const SAVED_HEADER = "X-Saved-At";
const TITLE_HEADER = "X-Page-Title";
/** How many copies one person keeps: the ones saved last. */
const MOST_PAGES = 40;
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** The pages worth having without signal (docs/product.md, Installable and offline). */
const KEPT = [
  /^\/bookings$/,
  new RegExp(`^/bookings/${UUID}$`),
  new RegExp(`^/messages/viewings/${UUID}/pass$`),
  /^\/payment\/bills$/,
  new RegExp(`^/payment/receipt/${UUID}$`),
];
const LOGOUT = /^\/auth\/logout(\.data)?$/;

const manila = new Intl.DateTimeFormat("en-PH", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Manila",
});

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      // The visitor's offline page: a person's name or red dots must not be in the shell everyone's copies share.
      const response = await fetch(OFFLINE_PATH, { credentials: "omit", cache: "no-store" });
      if (!response.ok) throw new Error(`${OFFLINE_PATH} answered ${response.status}`);
      const html = await response.text();
      const shell = await caches.open(SHELL);
      await shell.put(OFFLINE_PATH, htmlResponse(withoutScripts(html), response.headers));
      await shell.addAll(SHELL_FILES);
      await keepStyles(html);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("shell-") && name !== SHELL) await caches.delete(name);
      }
      await pruneStyles();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && LOGOUT.test(url.pathname)) {
    // Logging out empties this person's copies at once, whether or not the server is reached.
    event.waitUntil(forgetPages());
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event, url));
  } else if (url.pathname.endsWith(".data")) {
    event.respondWith(pageData(event, url));
  } else if (url.pathname.startsWith("/build/") && url.pathname.endsWith(".css")) {
    event.respondWith(fromCacheFirst(request));
  } else if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(fromNetworkFirst(request));
  }
});

self.addEventListener("push", (event) => {
  const notice = pushedNotice(event);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: notice.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPage(sameOriginPath(event.notification.data?.url)));
});

/** What a push says; a message that cannot be read still tells the person to look at the bell. */
function pushedNotice(event) {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    // not JSON: the fallback below
  }
  return {
    title: typeof notice.title === "string" && notice.title ? notice.title : "Space Solution",
    body: typeof notice.body === "string" ? notice.body : "You have a new notification.",
    url: sameOriginPath(notice.url),
  };
}

/** Only a page of this site opens from a notification; anything else opens the notifications list. */
function sameOriginPath(url) {
  const fallback = "/messages/check-list";
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return fallback;
  const target = new URL(url, self.location.origin);
  return target.origin === self.location.origin ? target.pathname + target.search + target.hash : fallback;
}

/** Focuses a tab of this site already on `path`, or opens it. */
async function openPage(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url === target);
  if (open) return open.focus();
  return self.clients.openWindow(target);
}

/** A page opened: from the network, its copy kept when it is one to keep; without signal, the copy or the offline page. */
async function navigate(event, url) {
  try {
    const response = await fetch(event.request);
    event.waitUntil(remember(url, response.clone()).catch(() => undefined));
    return response;
  } catch {
    try {
      return (await keptCopy(url)) ?? (await offlinePage());
    } catch {
      return htmlResponse(FALLBACK_PAGE, new Headers());
    }
  }
}

/**
 * A page's data, which Remix asks for when a link is followed in the page (`/bookings/….data`). Answered by the
 * network; a page to keep is then fetched whole in the background and kept. Without signal, the page is loaded in
 * full instead (Remix's own redirect answer, with `reload`), which `navigate` answers from the copies or with the
 * offline page: a link followed in a page opens its saved copy rather than an error.
 */
async function pageData(event, url) {
  const page = documentUrl(url);
  try {
    const response = await fetch(event.request);
    if (response.ok && isKept(page)) event.waitUntil(saveWhole(page).catch(() => undefined));
    return response;
  } catch {
    return reloadAnswer(page);
  }
}

async function saveWhole(page) {
  const response = await fetch(page.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
  await remember(page, response);
}

/**
 * What a page's answer says: whose session it was rendered for (X-Offline-Key; none: logged out), which decides whose
 * copies stay; and, for a page to keep, its copy.
 */
async function remember(url, response) {
  if (response.type !== "basic" || response.status !== 200 || response.redirected) return;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return;
  const pages = await pagesOf(response.headers.get(KEY_HEADER));
  if (!pages || !isKept(url)) return;
  const html = await response.text();
  await keepStyles(html);
  const savedAt = new Date();
  const copy = htmlResponse(offlineCopy(html, savedAt), response.headers);
  copy.headers.set(SAVED_HEADER, savedAt.toISOString());
  copy.headers.set(TITLE_HEADER, encodeURIComponent(titleOf(html)));
  await pages.put(pageKey(url), copy);
  const kept = await pages.keys();
  for (const old of kept.slice(0, Math.max(0, kept.length - MOST_PAGES))) await pages.delete(old);
}

/** The copies of the session `key`, after deleting anyone else's; null (and none kept) when logged out. */
async function pagesOf(key) {
  const meta = await caches.open(META);
  const owner = await currentOwner();
  if (owner !== key) {
    await forgetPages();
    if (key) await meta.put(OWNER, new Response(key));
  }
  return key ? caches.open(PAGES + key) : null;
}

async function currentOwner() {
  const answer = await (await caches.open(META)).match(OWNER);
  return answer ? answer.text() : null;
}

async function forgetPages() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PAGES)) await caches.delete(name);
  }
  await (await caches.open(META)).delete(OWNER);
}

async function keptCopy(url) {
  const owner = await currentOwner();
  if (!owner || !isKept(url)) return null;
  return (await (await caches.open(PAGES + owner)).match(pageKey(url))) ?? null;
}

/** The offline page, with links to the copies kept (the last saved first). */
async function offlinePage() {
  const page = await (await caches.open(SHELL)).match(OFFLINE_PATH);
  const html = page ? await page.text() : FALLBACK_PAGE;
  const owner = await currentOwner();
  const copies = [];
  if (owner) {
    // A copy made here has no address of its own: it is the key it was kept under.
    const pages = await caches.open(PAGES + owner);
    for (const request of await pages.keys()) {
      const copy = await pages.match(request);
      if (copy) copies.push({ url: new URL(request.url), headers: copy.headers });
    }
  }
  const items = copies
    .map((copy) => ({
      url: copy.url,
      title: decodeURIComponent(copy.headers.get(TITLE_HEADER) ?? ""),
      savedAt: copy.headers.get(SAVED_HEADER) ?? "",
    }))
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt))
    .map(
      (copy) =>
        `<li><a class="font-semibold text-brand-700 underline" href="${escapeHtml(copy.url.pathname + copy.url.search)}">${escapeHtml(copy.title || copy.url.pathname)}</a> <span class="text-sm text-slate-600">saved ${escapeHtml(copy.savedAt ? manila.format(new Date(copy.savedAt)) : "")}</span></li>`,
    );
  const list = items.length > 0 ? items.join("") : "<li>Nothing is saved on this device yet.</li>";
  const headers = page ? page.headers : new Headers();
  return htmlResponse(
    html.replace(/(<ul[^>]*id="offline-kept"[^>]*>)[\s\S]*?(<\/ul>)/, `$1${list}$2`),
    headers,
  );
}

const FALLBACK_PAGE = `<!DOCTYPE html><html lang="en-PH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>You are offline | Space Solution</title></head><body><main><h1>You are offline</h1><p>Pages saved on this device:</p><ul id="offline-kept"></ul></main></body></html>`;

/** A kept page as it opens offline: no scripts (nothing there can reach the server), and when it was saved. */
function offlineCopy(html, savedAt) {
  const line = `<p role="status" data-testid="offline-saved" class="bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-900">You are offline. This page was saved at ${escapeHtml(manila.format(savedAt))}.</p>`;
  return withoutScripts(html).replace(/<main\b[^>]*>/, (main) => `${main}${line}`);
}

function withoutScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

/** A page made here, with the security policy of the answer it came from (Set-Cookie never reaches a worker). */
function htmlResponse(html, from) {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  const policy = from.get("Content-Security-Policy");
  if (policy) headers.set("Content-Security-Policy", policy);
  return new Response(html, { status: 200, headers });
}

function titleOf(html) {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  return title
    .replace(/ \| Space Solution$/, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function isKept(url) {
  return KEPT.some((pattern) => pattern.test(url.pathname));
}

/** A copy's key: its address without a fragment. */
function pageKey(url) {
  const key = new URL(url.href);
  key.hash = "";
  return key.href;
}

/** The page whose data `/….data` is: `/_root.data` is the home page; Remix's own parameters dropped. */
function documentUrl(url) {
  const page = new URL(url.href);
  page.pathname = page.pathname === "/_root.data" ? "/" : page.pathname.replace(/\.data$/, "");
  page.searchParams.delete("_routes");
  page.searchParams.delete("index");
  return page;
}

/** Remix's answer for "load this page in full" (a single-fetch redirect with `reload`), as its server encodes it. */
function reloadAnswer(page) {
  const body = `[["SingleFetchRedirect",1],{"_2":3,"_4":5,"_6":7,"_8":9,"_10":7},"redirect",${JSON.stringify(page.pathname + page.search)},"status",302,"revalidate",false,"reload",true,"replace"]`;
  return new Response(body, {
    status: 202,
    headers: { "Content-Type": "text/x-script", "X-Remix-Response": "yes" },
  });
}

/** Styles used by the shell or a kept copy, kept until neither uses them. */
async function keepStyles(html) {
  const assets = await caches.open(ASSETS);
  for (const href of stylesOf(html)) {
    if (!(await assets.match(href))) await assets.add(href);
  }
}

function stylesOf(html) {
  return [...html.matchAll(/<link\b[^>]*href="(\/build\/[^"]+\.css)"/g)].map((match) => match[1]);
}

async function pruneStyles() {
  const used = new Set();
  for (const name of await caches.keys()) {
    if (name !== SHELL && !name.startsWith(PAGES)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const answer = await cache.match(request);
      if ((answer?.headers.get("Content-Type") ?? "").startsWith("text/html")) {
        for (const href of stylesOf(await answer.text())) used.add(new URL(href, self.location.origin).href);
      }
    }
  }
  const assets = await caches.open(ASSETS);
  for (const request of await assets.keys()) if (!used.has(request.url)) await assets.delete(request);
}

async function fromCacheFirst(request) {
  const cached = await (await caches.open(ASSETS)).match(request);
  return cached ?? fetch(request);
}

async function fromNetworkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await (await caches.open(SHELL)).match(request);
    if (cached) return cached;
    throw error;
  }
}
