import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * While a page waits for something the server will learn any moment (the provider confirming a payment), it looks
 * again every few seconds. Without JavaScript a meta refresh inside <noscript> reloads the page; with JavaScript the
 * loaders are revalidated instead, because a browser keeps a meta refresh scheduled even after the person has moved
 * on to another page of the app.
 */
export function LookAgain({ seconds = 3 }: { seconds?: number }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(revalidate, seconds * 1000);
    return () => clearInterval(timer);
  }, [seconds, revalidate]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  );
}
