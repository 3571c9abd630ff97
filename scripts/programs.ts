/**
 * The programs the product's ledger runs: the lending program (at `programId`), the oracle programs (Pyth receiver,
 * Switchboard On-Demand, Scope), the stake pool with the native stake program (for staked-collateral banks), the
 * Kamino-style market with its farms program (for its banks), and the swap venue: the constant-product and
 * stable-swap pools and the router at Jupiter v6's id (for swap flows).
 */
import type { Program } from "@ballast/ledger";
import { farmsProgram, marketProgram } from "@ballast/market";
import { pythReceiverProgram, scopeProgram, switchboardOnDemandProgram } from "@ballast/oracles";
import { lendingProgram } from "@ballast/protocol";
import { nativeStakeProgram, stakePoolProgram } from "@ballast/stake-pool";
import { poolProgram, routerProgram } from "@ballast/swap";

export function productPrograms(programId: string): Program[] {
  return [
    lendingProgram(programId),
    pythReceiverProgram(),
    switchboardOnDemandProgram(),
    scopeProgram(),
    stakePoolProgram(),
    nativeStakeProgram(),
    marketProgram(),
    farmsProgram(),
    poolProgram(),
    routerProgram(),
  ];
}
