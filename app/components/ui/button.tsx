import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

/**
 * The app's buttons, one look per job: primary (the one thing to do on a screen), secondary (another way on), quiet
 * (back, cancel) and danger (deletes or cancels something for good). The same look serves a `<button>` and a link
 * that reads as a button, so a screen that only navigates stays a plain link without JavaScript.
 */

export type ButtonVariant = "primary" | "secondary" | "quiet" | "danger";
export type ButtonSize = "md" | "lg" | "sm";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-brand-600 bg-white text-brand-700 hover:bg-brand-50",
  quiet: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "px-4 py-2",
  md: "px-5 py-2.5",
  lg: "px-5 py-3",
};

/** The classes of a button of this look: for the rare element that is neither Button nor ButtonLink. */
export function buttonClass({
  variant = "primary",
  size = "md",
  fullWidth = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
} = {}): string {
  return [
    "rounded-md font-semibold disabled:opacity-60",
    fullWidth ? "w-full" : null,
    VARIANTS[variant],
    SIZES[size],
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

type Look = { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean };

/** A `<button>` (type "button" unless said otherwise, so it never submits a form by accident). */
export function Button({
  variant,
  size,
  fullWidth,
  className,
  type = "button",
  ...props
}: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ variant, size, fullWidth, className })} {...props} />;
}

/** A link that looks like a button: navigation stays a link, with or without JavaScript. */
export function ButtonLink({ variant, size, fullWidth, className, ...props }: Look & LinkProps) {
  return (
    <Link
      className={buttonClass({
        variant,
        size,
        fullWidth,
        className: ["inline-block text-center", className].filter(Boolean).join(" "),
      })}
      {...props}
    />
  );
}
