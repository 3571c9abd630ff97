/**
 * `npm run localnet`: the product's ledger alone, its programs at their ids (the lending program's overridable with
 * MARGINFI_PROGRAM_ID), configured from RPC_PORT, DATA_DIR and SLOT_MS.
 */
import { serveFromEnvironment } from "@ballast/ledger";
import { MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { productPrograms } from "./programs.js";

await serveFromEnvironment(productPrograms(process.env.MARGINFI_PROGRAM_ID ?? MARGINFI_PROGRAM_ID));
