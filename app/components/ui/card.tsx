import type { ReactNode } from "react";

/**
 * A white panel on the page's grey: a listing's price, its host, a step's form. `as` keeps the right element for
 * what it holds (a section with its heading, a list item); `padding` is "sm" beside other panels and "lg" for a
 * form that is the page's main content.
 */
export function Card({
  as: Element = "div",
  padding = "sm",
  className,
  children,
  ...rest
}: {
  as?: "div" | "section" | "article" | "li";
  padding?: "sm" | "lg";
  className?: string;
  children: ReactNode;
  "aria-labelledby"?: string;
  "aria-label"?: string;
  "data-testid"?: string;
}) {
  const classes = ["rounded-xl bg-white shadow-sm", padding === "lg" ? "p-5 sm:p-8" : "p-4", className]
    .filter(Boolean)
    .join(" ");
  return (
    <Element className={classes} {...rest}>
      {children}
    </Element>
  );
}
