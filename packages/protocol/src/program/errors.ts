import { failureFor, type Fail } from "@ballast/anchor";
import { ERRORS } from "./error-codes.js";

/** Fails the instruction with one of the lending program's errors or Anchor's, logged as Anchor does. */
export const fail: Fail<typeof ERRORS> = failureFor(ERRORS);
