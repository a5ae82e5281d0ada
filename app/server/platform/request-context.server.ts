import { createContext, type RouterContextProvider } from "react-router";

/** What the HTTP server knows about a request that the Fetch Request does not carry. */
export interface RequestInfo {
  /** Per-request CSP nonce for inline scripts ('' when the server sets no CSP). */
  cspNonce: string;
  /** The client's IP as Express sees it (X-Forwarded-For honoured only with TRUST_PROXY). */
  clientIp: string;
}

export const requestInfoContext = createContext<RequestInfo>({ cspNonce: "", clientIp: "unknown" });

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
