// Errors a route throws on purpose; the app's error handler turns them into JSON replies with their status.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** The client asked for something invalid that a schema could not catch (unknown bank, bad signature, ...). */
export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
/** The ledger or another service the server depends on failed. */
export const upstreamError = (message: string, details?: unknown) => new HttpError(502, message, details);
/** The database cannot be reached: the request may succeed once it is back. */
export const DATABASE_UNAVAILABLE = "The database is unavailable; try again shortly";
export const databaseUnavailable = () => new HttpError(503, DATABASE_UNAVAILABLE);
/**
 * The database is reachable but too slow: a statement hit the statement timeout (or every connection stayed busy that
 * long). Named apart because the web app does not retry a statement timeout (spec 000 §9).
 */
export const DATABASE_TIMED_OUT = "The database took too long to answer (statement timeout); try again shortly";
