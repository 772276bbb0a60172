import { z } from "zod/v4";

/** Toasts (spec §8, §9): titled Success, Warning, Error or Info; one at a time, top-center. */
export const TOAST_TITLES = { success: "Success", warning: "Warning", error: "Error", info: "Info" } as const;
/** How long the app's own toasts stay. */
export const TOAST_MS = 5_000;
/** The global default for a toast that sets no duration. */
export const DEFAULT_TOAST_MS = 8_000;

export const ToastSchema = z.object({
  /** Tells two toasts with the same words apart, so the second one shows again. */
  id: z.string().max(64).optional(),
  type: z.enum(["success", "warning", "error", "info"]),
  title: z.string().max(80).optional(),
  description: z.string().max(500),
  duration: z.number().int().min(1000).max(60_000).optional(),
});

export type Toast = z.infer<typeof ToastSchema>;

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
