import { serveFromEnvironment } from "./serve.js";

/** The bare ledger with only its built-in programs; the product's launcher adds the lending program. */
await serveFromEnvironment();
