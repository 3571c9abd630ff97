// A minimal stand-in for Solana's native stake program, registered at its id so that stake accounts are owned by
// it (the ledger lets only an account's owner write it). It keeps Solana's account layout but offers just the two
// instructions a stake pool needs; rewards are not paid by epochs but added to the account by the pool operator.
//
// Instructions are a u32 LE tag followed by bincode arguments:
//   0 initialize_delegated(staker: Pubkey, withdrawer: Pubkey)
//       0 stake         writable: owned by this program, 200 zero bytes, funded above its rent-exempt reserve
//       1 vote_account  the validator the stake is delegated to
//     → `Stake` state, delegating every lamport above the reserve from the current epoch.
//   1 sync_delegation
//       0 stake         writable, in the `Stake` state
//       1 staker        signer: the stake's authorized staker
//     → delegation.stake = lamports − rent_exempt_reserve (after deposits or rewards landed in the account).
import { PublicKey } from "@solana/web3.js";
import {
  InstructionError,
  minimumBalanceForRentExemption,
  type InstructionAccount,
  type InstructionContext,
  type Program,
} from "@ballast/ledger";
import { NATIVE_STAKE_INSTRUCTIONS } from "../native-stake-instructions.js";
import { NATIVE_STAKE_PROGRAM_ID } from "../program-ids.js";
import {
  DEFAULT_WARMUP_COOLDOWN_RATE,
  NOT_DEACTIVATED,
  STAKE_ACCOUNT_SIZE,
  StakeStateTag,
  decodeStakeAccount,
  encodeStakeAccountInto,
  stakeStateTag,
} from "../stake-state.js";

export const StakeInstruction = {
  InitializeDelegated: NATIVE_STAKE_INSTRUCTIONS.initialize_delegated.tag,
  SyncDelegation: NATIVE_STAKE_INSTRUCTIONS.sync_delegation.tag,
} as const;

/** A native program's flat cost, as Solana's stake program charges. */
const COMPUTE_UNITS = 750;
const DEFAULT_KEY = PublicKey.default.toBase58();

function accountAt(ctx: InstructionContext, index: number): InstructionAccount {
  const account = ctx.accounts[index];
  if (!account) throw new InstructionError("NotEnoughAccountKeys");
  return account;
}

/** A stake account of this program, at the size every stake account has. */
function stakeAccount(ctx: InstructionContext): InstructionAccount {
  const stake = accountAt(ctx, 0);
  if (stake.account.owner !== ctx.programId) throw new InstructionError("InvalidAccountOwner");
  if (stake.account.data.length !== STAKE_ACCOUNT_SIZE) throw new InstructionError("InvalidAccountData");
  return stake;
}

function initializeDelegated(ctx: InstructionContext): void {
  if (ctx.data.length < 4 + 64) throw new InstructionError("InvalidInstructionData");
  const staker = new PublicKey(ctx.data.subarray(4, 36)).toBase58();
  const withdrawer = new PublicKey(ctx.data.subarray(36, 68)).toBase58();
  const stake = stakeAccount(ctx);
  const vote = accountAt(ctx, 1);
  if (stakeStateTag(stake.account.data) !== StakeStateTag.Uninitialized) throw new InstructionError("AccountAlreadyInitialized");
  const reserve = minimumBalanceForRentExemption(STAKE_ACCOUNT_SIZE);
  if (stake.account.lamports <= reserve) throw new InstructionError("InsufficientFunds");
  encodeStakeAccountInto(stake.account.data, {
    meta: {
      rentExemptReserve: reserve,
      authorized: { staker, withdrawer },
      lockup: { unixTimestamp: 0n, epoch: 0n, custodian: DEFAULT_KEY },
    },
    stake: {
      delegation: {
        voterPubkey: vote.key,
        stake: stake.account.lamports - reserve,
        activationEpoch: ctx.clock.epoch,
        deactivationEpoch: NOT_DEACTIVATED,
        warmupCooldownRate: DEFAULT_WARMUP_COOLDOWN_RATE,
      },
      creditsObserved: 0n,
    },
    stakeFlags: 0,
  });
}

function syncDelegation(ctx: InstructionContext): void {
  const stake = stakeAccount(ctx);
  const staker = accountAt(ctx, 1);
  if (stakeStateTag(stake.account.data) !== StakeStateTag.Stake) throw new InstructionError("InvalidAccountData");
  const state = decodeStakeAccount(stake.account.data);
  if (!staker.isSigner || staker.key !== state.meta.authorized.staker) throw new InstructionError("MissingRequiredSignature");
  state.stake.delegation.stake = stake.account.lamports - state.meta.rentExemptReserve;
  encodeStakeAccountInto(stake.account.data, state);
}

/** The stake program, registered at the native stake program's id unless another id is given. */
export function nativeStakeProgram(id: string = NATIVE_STAKE_PROGRAM_ID): Program {
  return {
    id,
    builtin: true,
    execute(ctx) {
      ctx.consume(COMPUTE_UNITS);
      if (ctx.data.length < 4) throw new InstructionError("InvalidInstructionData");
      switch (ctx.data.readUInt32LE(0)) {
        case StakeInstruction.InitializeDelegated:
          return initializeDelegated(ctx);
        case StakeInstruction.SyncDelegation:
          return syncDelegation(ctx);
        default:
          throw new InstructionError("InvalidInstructionData");
      }
    },
  };
}
