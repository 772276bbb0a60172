import { useEffect, useState } from "react";

/** Wide screens: where the search shows its filters and map beside the results (Tailwind's lg). */
export const WIDE_SCREEN = "(min-width: 1024px)";

/**
 * Whether a media query matches, following changes (a rotated phone). False on the server and before hydration,
 * so a page renders its phone layout first and JavaScript widens it.
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    setMatches(list.matches);
    const onChange = () => setMatches(list.matches);
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}
