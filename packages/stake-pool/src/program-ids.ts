// Where the two programs live: the ids of SPL single-pool and of Solana's native stake program (lending reference
// §1), so the lending program's ownership checks on staked-collateral accounts hold on our ledger too.

/** Our simplified single-validator stake pool, deployed at SPL single-pool's id. */
export const STAKE_POOL_PROGRAM_ID = "SVSPxpvHdN29nkVg9rPapPNDddN5DipNLRUFhyjFThE";

/** Our minimal stand-in for the native stake program: owner of the pools' stake accounts. */
export const NATIVE_STAKE_PROGRAM_ID = "Stake11111111111111111111111111111111111111";
