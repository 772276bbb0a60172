import { createContext, useContext } from "react";

/** The CSP nonce of the current response, for inline scripts; empty in the browser (which hides it anyway). */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
