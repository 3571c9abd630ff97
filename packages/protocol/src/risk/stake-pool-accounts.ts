// The SPL single-pool accounts behind a staked-collateral bank (reference §1, §5, §9.2): the pool's LST mint,
// read for its supply, and its native stake account, read for the delegated lamports the supply is backed by.
import { PublicKey } from "@solana/web3.js";
import { structAccessors } from "@ballast/codec";
import { TOKEN_PROGRAM_ID, decodeMint, type InstructionAccount, type Mint } from "@ballast/ledger";
import { STAKE_POOL_PROGRAM_ID, StakeStateStruct, StakeStateTag } from "@ballast/stake-pool";

/** Every single pool keeps 1 SOL delegated that no LST was minted for; pricing leaves it out. */
export const NON_REFUNDABLE_POOL_STAKE = 1_000_000_000n;

const stakeState = structAccessors(StakeStateStruct, 0);

function singlePoolAddress(seed: string, stakePool: string): string {
  const seeds = [Buffer.from(seed), new PublicKey(stakePool).toBuffer()];
  return PublicKey.findProgramAddressSync(seeds, new PublicKey(STAKE_POOL_PROGRAM_ID))[0].toBase58();
}

/** The pool's LST mint, PDA ["mint", stake_pool] of the single-pool program. */
export function poolMintAddress(stakePool: string): string {
  return singlePoolAddress("mint", stakePool);
}

/** The pool's stake account ("sol pool"), PDA ["stake", stake_pool] of the single-pool program. */
export function poolStakeAddress(stakePool: string): string {
  return singlePoolAddress("stake", stakePool);
}

/** The LST supply. The program loads the mint as an SPL Token `Account<Mint>` and unwraps, so anything else panics. */
export function lstSupply(mint: InstructionAccount): bigint {
  if (mint.account.owner !== TOKEN_PROGRAM_ID) throw new Error("LST mint is not an SPL Token account");
  let decoded: Mint;
  try {
    decoded = decodeMint(mint.account.data);
  } catch {
    throw new Error("LST mint does not deserialize");
  }
  if (!decoded.isInitialized) throw new Error("LST mint is not initialized");
  return decoded.supply;
}

/** delegation.stake of a stake account; one that is not in the `Stake` state makes the program panic. */
export function delegatedStake(stake: InstructionAccount): bigint {
  const data = stake.account.data;
  if (data.length < StakeStateStruct.size || stakeState.tag.get(data) !== StakeStateTag.Stake) throw new Error("unsupported stake state");
  return stakeState.stake.fields.delegation.fields.stake.get(data);
}
