/**
 * The Content-Security-Policy nonce of the page being rendered (decision 009). entry.server.tsx
 * provides it; in the browser there is none (the scripts have already run), so it is undefined.
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
