import { type ComponentType, lazy, memo, type ReactNode, Suspense, useEffect, useRef } from "react";

/** How far below the screen a part's code starts loading, so it is usually ready by the time it is seen. */
const AHEAD = "400px 0px";

/**
 * Calls `onNear` once, when `element` comes within AHEAD of the screen; at once in a browser without
 * IntersectionObserver. Returns the cleanup for a useEffect.
 */
export function watchNear(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver !== "function") {
    onNear();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: AHEAD },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** A part of a page for WhenNear: the component on the server, its lazy stand-in in the browser. */
export type NearPart<P> = {
  /** The component, on the server; undefined in the browser. */
  server: ComponentType<P> | undefined;
  /** In the browser: the component, loaded once `open` is called. */
  loaded: ComponentType<P>;
  open: () => void;
};

/**
 * A part of a page whose code the browser loads only when the part comes near the screen, while the server renders
 * it at once (WhenNear): a visitor on a slow phone who never scrolls to the end of a long page does not download,
 * parse and run the code of what is there (the first JavaScript of a page has a 100 KB budget, bench/).
 *
 * `server` is the component itself, imported from a .server module (the page's `*-parts.server.ts`): the browser
 * build makes such a module an empty one, so there it is undefined and its code is not in the page's JavaScript;
 * `load` imports it in the browser.
 */
export function nearPart<P extends object>(
  server: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): NearPart<P> {
  let open = () => {};
  const near = new Promise<void>((resolve) => {
    open = resolve;
  });
  // As the component it stands for (lazy's own type loses the generic props).
  const loaded = lazy(() =>
    near.then(load).then((component) => ({ default: component })),
  ) as unknown as ComponentType<P>;
  return { server, loaded, open };
}

/**
 * Renders `part` with the other props. The server renders it inside a <Suspense> in a <div>. In the browser the
 * part's code is not there while React hydrates the page, so React keeps the server's HTML of that boundary as it is
 * (plain HTML works: its links are links and its forms post without JavaScript) and hydrates it once the code has
 * arrived. The code is requested when the <div> comes within AHEAD of the screen; at once when the server did not
 * render the part (a navigation in the browser) or when the part's props change before it is hydrated (the page's
 * data was reloaded: React holds that update until the part is hydrated); and at once without IntersectionObserver.
 * Memoised, so the page's other updates (a form on its way) leave the part alone.
 */
export const WhenNear = memo(function WhenNear<P extends object>({
  part,
  ...props
}: { part: NearPart<P> } & P) {
  const box = useRef<HTMLDivElement>(null);
  const rendered = useRef(false);
  // Rendered again: new props, which cannot wait for the visitor to scroll.
  if (rendered.current) part.open();

  useEffect(() => {
    rendered.current = true;
    const element = box.current;
    if (!element || element.childElementCount === 0) {
      part.open();
      return;
    }
    return watchNear(element, part.open);
  }, [part]);

  const Part = part.server ?? part.loaded;
  return (
    <div ref={box}>
      <Suspense fallback={null}>
        <Part {...(props as unknown as P)} />
      </Suspense>
    </div>
  );
}) as <P extends object>(props: { part: NearPart<P> } & P) => ReactNode;
