import { useEffect, useState } from "react";

/**
 * True once React has hydrated the page: what only JavaScript can do (copy, share, drag, preview) waits for it,
 * so the page the server renders, and a browser without JavaScript, never shows a control that does nothing.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
