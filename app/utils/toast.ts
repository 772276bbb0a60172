/** Toasts (docs/product.md, Toasts): titled Success, Warning, Error or Info; one at a time, top-center. */
export const TOAST_TITLES = { success: "Success", warning: "Warning", error: "Error", info: "Info" } as const;
/** How long the app's own toasts stay. */
export const TOAST_MS = 5_000;
/** The global default for a toast that sets no duration. */
export const DEFAULT_TOAST_MS = 8_000;

export type Toast = {
  /** Tells two toasts with the same words apart, so the second one shows again. */
  id?: string;
  type: keyof typeof TOAST_TITLES;
  title?: string;
  description: string;
  duration?: number;
};

export function toastTitle(toast: Toast): string {
  return toast.title ?? TOAST_TITLES[toast.type];
}

export function toastDuration(toast: Toast): number {
  return toast.duration ?? DEFAULT_TOAST_MS;
}

export function makeToast(type: Toast["type"], description: string): Toast {
  return { id: crypto.randomUUID(), type, description, duration: TOAST_MS };
}

export function errorToast(description: string): Toast {
  return makeToast("error", description);
}
