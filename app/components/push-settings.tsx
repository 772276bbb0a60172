import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { PushDevice } from "~/api/conversations/push-subscriptions.server";
import { Button } from "~/components/ui/button";
import { formatMoment } from "~/domain/moments";
import { base64urlBytes } from "~/domain/push";

/**
 * "Push notifications on this device" on the account settings (docs/decisions/0084-web-push-for-the-bell.md): the
 * only page with the opt-in code, so no other page carries it. With JavaScript and a browser that has push, a button
 * subscribes this browser (the service worker's push manager, with the site's VAPID key) and hands the subscription
 * to the page's action; "Turn off on this device" unsubscribes it and removes it. Without them the section says push
 * needs such a browser, and the list of devices, each with a remove button, works as plain forms.
 */

export const PUSH_INTENTS = {
  add: "add-push",
  turnOff: "turn-off-push",
  remove: "remove-push-device",
} as const;

type State = "checking" | "unsupported" | "blocked" | "off" | "on" | "working" | "failed";

/** How long to wait for the service worker, which registers once the page has loaded. */
const WORKER_WAIT_MS = 10_000;

export function PushSettings({
  applicationServerKey,
  devices,
}: {
  applicationServerKey: string;
  devices: PushDevice[];
}) {
  return (
    <>
      <h2 id="push-notifications" className="text-lg font-semibold text-slate-900">
        Push notifications on this device
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Everything that reaches your bell, shown on this phone or computer even when the site is closed. Tap
        one to open its page.
      </p>
      <ThisDevice applicationServerKey={applicationServerKey} />
      <h3 className="mt-6 text-base font-semibold text-slate-900">Devices with push notifications on</h3>
      {devices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="push-devices-empty">
          None yet.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200" data-testid="push-devices">
          {devices.map((device) => (
            <li key={device.subscriptionId} className="flex items-center justify-between gap-3 py-2">
              <span className="text-sm text-slate-800">
                <span className="font-medium">{device.device}</span>
                <span className="block text-slate-600">Added {formatMoment(device.createdAt)}</span>
              </span>
              <Form method="post">
                <input type="hidden" name="subscriptionId" value={device.subscriptionId} />
                <Button
                  type="submit"
                  name="intent"
                  value={PUSH_INTENTS.remove}
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${device.device}, added ${formatMoment(device.createdAt)}`}
                >
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const STATE_TEXT: Record<Exclude<State, "off" | "on" | "working">, string> = {
  checking:
    "Push notifications need a browser with JavaScript. Your e-mail and SMS notifications above work without it.",
  unsupported:
    "This browser cannot show push notifications. Your e-mail and SMS notifications above still reach you.",
  blocked:
    "Notifications from this site are blocked in this browser. Allow them in the browser's site settings, then turn push on here.",
  failed: "Push notifications could not be turned on in this browser. Please try again later.",
};

function ThisDevice({ applicationServerKey }: { applicationServerKey: string }) {
  const [state, setState] = useState<State>("checking");
  const fetcher = useFetcher();

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      setState("unsupported");
      return;
    }
    (async () => {
      if ((await notificationPermission()) === "denied") return setState("blocked");
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      setState(subscription ? "on" : "off");
    })().catch(() => setState("off"));
  }, []);

  async function turnOn() {
    setState("working");
    try {
      const permission =
        (await notificationPermission()) === "granted" ? "granted" : await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const registration = await workerReady();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64urlBytes(applicationServerKey) as Uint8Array<ArrayBuffer>,
      });
      const { endpoint, keys } = subscription.toJSON();
      fetcher.submit(
        {
          intent: PUSH_INTENTS.add,
          endpoint: endpoint ?? "",
          p256dh: keys?.p256dh ?? "",
          auth: keys?.auth ?? "",
        },
        { method: "post" },
      );
      setState("on");
    } catch {
      setState("failed");
    }
  }

  async function turnOff() {
    setState("working");
    try {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        const { endpoint } = subscription;
        await subscription.unsubscribe();
        fetcher.submit({ intent: PUSH_INTENTS.turnOff, endpoint }, { method: "post" });
      }
      setState("off");
    } catch {
      setState("failed");
    }
  }

  if (state === "off" || state === "on" || state === "working" || state === "failed") {
    const on = state === "on";
    return (
      <div className="mt-3 space-y-2" data-testid="push-this-device">
        <p className="text-sm text-slate-800" role="status">
          {state === "failed"
            ? STATE_TEXT.failed
            : on
              ? "Push notifications are on for this device."
              : "Push notifications are off for this device."}
        </p>
        <Button
          type="button"
          variant={on ? "secondary" : "primary"}
          disabled={state === "working"}
          onClick={on ? turnOff : turnOn}
        >
          {on ? "Turn off on this device" : "Turn on push notifications"}
        </Button>
      </div>
    );
  }
  return (
    <p className="mt-3 text-sm text-slate-800" data-testid="push-this-device">
      {STATE_TEXT[state]}
    </p>
  );
}

/**
 * Whether this site may show notifications: the Permissions API's answer, which follows the browser's site settings
 * as they change; Notification.permission where a browser has no such query.
 */
async function notificationPermission(): Promise<NotificationPermission> {
  try {
    const { state } = await navigator.permissions.query({ name: "notifications" });
    return state === "prompt" ? "default" : state;
  } catch {
    return Notification.permission;
  }
}

/** The service worker, once it is active; it registers after the page has loaded (ADR 0082). */
function workerReady(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("no service worker")), WORKER_WAIT_MS),
    ),
  ]);
}
