// The HTTP client every API module uses: same-origin in the app (baseUrl ""), a server URL in tests. Bodies are JSON;
// sign-in calls send the session cookie.
import type { ErrorReply } from "@ballast/sdk";

export type Query = Record<string, string | number | readonly string[] | undefined>;

export class Http {
  /** `baseUrl` is the server origin ("" for the page's own origin). */
  constructor(readonly baseUrl: string = "") {}

  url(path: string, query?: Query): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) params.append(key, v);
      else params.append(key, String(value));
    }
    const search = params.toString();
    return `${this.baseUrl}${path}${search ? `?${search}` : ""}`;
  }

  get(path: string, query?: Query, init: RequestInit = {}): Promise<Response> {
    return fetch(this.url(path, query), { ...init, method: "GET", headers: { accept: "application/json", ...init.headers } });
  }

  post(path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
    return fetch(this.url(path), {
      ...init,
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...init.headers },
      body: JSON.stringify(body ?? {}),
    });
  }
}

/** A body that may be the server's error reply (`{ success: false, error, field?, details? }`), read defensively. */
export type ErrorBody = Partial<ErrorReply>;

/** The body as JSON, or null when it is not JSON. */
export async function jsonOrNull<T>(response: Response): Promise<T | null> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The server's own error text when it sent one, else the HTTP status text. */
export async function serverErrorText(response: Response): Promise<string> {
  const body = await jsonOrNull<ErrorBody>(response);
  if (body && typeof body.error === "string" && body.error !== "") return body.error;
  return response.statusText || `HTTP ${response.status}`;
}
