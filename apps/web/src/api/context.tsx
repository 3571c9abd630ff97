import { createContext, useContext, type ReactNode } from "react";
import { Http } from "./http.js";

const HttpContext = createContext<Http | null>(null);

/** Gives the API client to the hooks below; the app uses its own origin, tests a server URL. */
export function HttpProvider({ http, children }: { readonly http: Http; readonly children: ReactNode }) {
  return <HttpContext.Provider value={http}>{children}</HttpContext.Provider>;
}

export function useHttp(): Http {
  const http = useContext(HttpContext);
  if (!http) throw new Error("useHttp must be under HttpProvider");
  return http;
}
