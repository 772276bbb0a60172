import type { ReactNode } from "react";

/**
 * A short status word next to what it is about ("Verified", "Paid", "Draft"). The tone says how it reads; the text
 * always says it too, never the colour alone. The pairs keep a contrast of at least 4.5:1 for small text.
 */
export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "brand";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-800",
  success: "bg-emerald-50 text-emerald-800",
  warning: "bg-amber-50 text-amber-900",
  danger: "bg-red-50 text-red-800",
  brand: "bg-brand-50 text-brand-800",
};

export function Badge({
  tone = "neutral",
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  const classes = ["inline-block rounded-full px-2.5 py-1 text-xs font-semibold", TONES[tone], className]
    .filter(Boolean)
    .join(" ");
  return <span className={classes}>{children}</span>;
}
