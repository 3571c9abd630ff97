/**
 * `npm start` / `npm run localnet`: the ledger with the lending program deployed at its mainnet id (override with
 * MARGINFI_PROGRAM_ID), the two oracle programs at their ids, and the stake pool with its stake program at the SPL
 * single-pool and native stake ids (for staked-collateral banks), configured from RPC_PORT, DATA_DIR and SLOT_MS.
 */
import { serveFromEnvironment } from "@ballast/ledger";
import { pythReceiverProgram, switchboardOnDemandProgram } from "@ballast/oracles";
import { MARGINFI_PROGRAM_ID, lendingProgram } from "@ballast/protocol";
import { nativeStakeProgram, stakePoolProgram } from "@ballast/stake-pool";

await serveFromEnvironment([
  lendingProgram(process.env.MARGINFI_PROGRAM_ID ?? MARGINFI_PROGRAM_ID),
  pythReceiverProgram(),
  switchboardOnDemandProgram(),
  stakePoolProgram(),
  nativeStakeProgram(),
]);
