// The farms-program instructions the market invokes for its reserves' farms, signed by the market authority: create
// a delegated farm, open an obligation's user state in it, set the obligation's stake.
import { readonlyMeta as readonly, writableMeta as writable } from "@ballast/anchor";
import { instructionDiscriminator } from "@ballast/codec";
import type { AccountMeta, InstructionAccount, InstructionContext } from "@ballast/ledger";

type Seeds = readonly Uint8Array[];

function invoke(
  ctx: InstructionContext,
  farms: InstructionAccount,
  name: string,
  accounts: AccountMeta[],
  seeds: Seeds,
  args = Buffer.alloc(0),
) {
  ctx.invoke({ programId: farms.key, accounts, data: Buffer.concat([instructionDiscriminator(name), args]) }, [seeds]);
}

export interface InitializeFarmAccounts {
  farmsProgram: InstructionAccount;
  farmAdmin: InstructionAccount;
  marketAuthority: InstructionAccount;
  farmState: InstructionAccount;
  globalConfig: InstructionAccount;
  farmVaultsAuthority: InstructionAccount;
  systemProgram: InstructionAccount;
  rent: InstructionAccount;
}

export function initializeFarmDelegated(ctx: InstructionContext, a: InitializeFarmAccounts, seeds: Seeds): void {
  invoke(
    ctx,
    a.farmsProgram,
    "initialize_farm_delegated",
    [
      writable(a.farmAdmin, true),
      readonly(a.marketAuthority, true),
      writable(a.farmState),
      readonly(a.globalConfig),
      readonly(a.farmVaultsAuthority),
      readonly(a.systemProgram),
      readonly(a.rent),
    ],
    seeds,
  );
}

export interface InitializeUserAccounts {
  farmsProgram: InstructionAccount;
  marketAuthority: InstructionAccount;
  payer: InstructionAccount;
  owner: InstructionAccount;
  obligation: InstructionAccount;
  userState: InstructionAccount;
  farmState: InstructionAccount;
  systemProgram: InstructionAccount;
  rent: InstructionAccount;
}

export function initializeFarmUser(ctx: InstructionContext, a: InitializeUserAccounts, seeds: Seeds): void {
  invoke(
    ctx,
    a.farmsProgram,
    "initialize_user",
    [
      readonly(a.marketAuthority, true),
      writable(a.payer, true),
      readonly(a.owner),
      readonly(a.obligation),
      writable(a.userState),
      writable(a.farmState),
      readonly(a.systemProgram),
      readonly(a.rent),
    ],
    seeds,
  );
}

export interface SetStakeAccounts {
  farmsProgram: InstructionAccount;
  marketAuthority: InstructionAccount;
  userState: InstructionAccount;
  farmState: InstructionAccount;
}

export function setFarmStake(ctx: InstructionContext, a: SetStakeAccounts, amount: bigint, seeds: Seeds): void {
  const args = Buffer.alloc(8);
  args.writeBigUInt64LE(amount);
  invoke(
    ctx,
    a.farmsProgram,
    "set_stake_delegated",
    [readonly(a.marketAuthority, true), writable(a.userState), writable(a.farmState)],
    seeds,
    args,
  );
}
