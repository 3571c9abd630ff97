import { PublicKey } from "@solana/web3.js";
import { checkSeeds, declareAccounts, knownAddress, unchecked } from "@ballast/anchor";
import { decodeArgs, instructionDiscriminator } from "@ballast/codec";
import { ASSOCIATED_TOKEN_PROGRAM_ID, decodeTokenAccount, type InstructionAccount } from "@ballast/ledger";
import { FARMS_PROGRAM_ID } from "@ballast/market";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { bankAccount, feeStateAccount, mintAccount, tokenAccount, tokenProgram } from "../program/account-kinds.js";
import { bankVaultSeeds } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag } from "../state/enums.js";
import { FeeStateLayout } from "../state/fee-state.js";
import { checkFeeState } from "./panic-pause.js";

const TRANSFER_CHECKED = 12;

/** The global fee wallet's associated token account for the reward mint under the token program. */
function feeWalletAta(wallet: string, mint: string, tokenProgramId: string): string {
  const [address] = PublicKey.findProgramAddressSync(
    [new PublicKey(wallet).toBuffer(), new PublicKey(tokenProgramId).toBuffer(), new PublicKey(mint).toBuffer()],
    new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID),
  );
  return address.toBase58();
}

const KaminoHarvestRewardAccounts = declareAccounts(
  {
    bank: bankAccount(),
    feeState: feeStateAccount(),
    destinationTokenAccount: tokenAccount({ mut: "constraint" }),
    liquidityVaultAuthority: unchecked({ mut: "constraint" }),
    userState: unchecked({ mut: "constraint" }),
    farmState: unchecked({ mut: "constraint" }),
    globalConfig: unchecked(),
    rewardMint: mintAccount(),
    userRewardAta: tokenAccount({ mut: "constraint" }),
    rewardsVault: unchecked({ mut: "constraint" }),
    rewardsTreasuryVault: unchecked({ mut: "constraint" }),
    farmVaultsAuthority: unchecked(),
    scopePrices: unchecked(),
    farmsProgram: knownAddress(FARMS_PROGRAM_ID),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    bank: () => {
      if (BankLayout.fields.config.fields.assetTag.get(a.bank.data) !== AssetTag.Kamino) fail("WrongAssetTagForKaminoInstructions", "bank");
    },
    feeState: () => checkFeeState(ctx, a.feeState, null),
    destinationTokenAccount: () => {
      const wallet = FeeStateLayout.fields.globalFeeWallet.get(a.feeState.data);
      if (a.destinationTokenAccount.key !== feeWalletAta(wallet, a.rewardMint.key, a.tokenProgram.key))
        fail("InvalidFeeAta", "destination_token_account");
    },
    liquidityVaultAuthority: () => checkSeeds(ctx, a.liquidityVaultAuthority, bankVaultSeeds("liquidityVaultAuthority", a.bank.key)),
    userRewardAta: () => {
      if (a.userRewardAta.token.mint !== a.rewardMint.key) fail("ConstraintRaw", "user_reward_ata");
      if (a.userRewardAta.token.owner !== a.liquidityVaultAuthority.key) fail("ConstraintRaw", "user_reward_ata");
    },
  }),
);

const amountOf = (account: InstructionAccount): bigint => decodeTokenAccount(account.account.data).amount;

/**
 * Harvests reward `reward_index` of the farm the bank's Kamino obligation stakes in for the global fee admin (spec 001
 * §6; reference SML §3.7): the farms program pays the reward to the liquidity vault authority's token account, signed
 * by that PDA as the user state's owner, and exactly what arrived moves on to the global fee wallet's ATA. As in
 * marginfi, anyone may send it (its accounts name no signer): the reward can only reach the fee wallet.
 */
export const kaminoHarvestReward: InstructionHandler = {
  name: "kamino_harvest_reward",
  units: 25_000,
  accounts: KaminoHarvestRewardAccounts,
  run(ctx, _checks, args) {
    const { rewardIndex } = decodeArgs(args, LENDING_INSTRUCTIONS.kamino_harvest_reward.args);
    const { accounts: a } = KaminoHarvestRewardAccounts.load(ctx);
    const bump = checkSeeds(ctx, a.liquidityVaultAuthority, bankVaultSeeds("liquidityVaultAuthority", a.bank.key));
    const seeds = [...bankVaultSeeds("liquidityVaultAuthority", a.bank.key), Buffer.from([bump])];
    const authority = a.liquidityVaultAuthority.key;
    const before = amountOf(a.userRewardAta);
    const index = Buffer.alloc(8);
    index.writeBigUInt64LE(rewardIndex);
    const meta = (account: InstructionAccount, isWritable: boolean, isSigner = false) => ({ pubkey: account.key, isSigner, isWritable });
    ctx.invoke(
      {
        programId: FARMS_PROGRAM_ID,
        accounts: [
          meta(a.liquidityVaultAuthority, true, true),
          meta(a.userState, true),
          meta(a.farmState, true),
          meta(a.globalConfig, false),
          meta(a.rewardMint, false),
          meta(a.userRewardAta, true),
          meta(a.rewardsVault, true),
          meta(a.rewardsTreasuryVault, true),
          meta(a.farmVaultsAuthority, false),
          meta(a.scopePrices, false),
          meta(a.tokenProgram, false),
        ],
        data: Buffer.concat([instructionDiscriminator("harvest_reward"), index]),
      },
      [seeds],
    );
    const harvested = amountOf(a.userRewardAta) - before;
    if (harvested === 0n) return;
    const data = Buffer.alloc(10);
    data[0] = TRANSFER_CHECKED;
    data.writeBigUInt64LE(harvested, 1);
    data[9] = a.rewardMint.mint.decimals;
    ctx.invoke(
      {
        programId: a.tokenProgram.key,
        accounts: [
          { pubkey: a.userRewardAta.key, isSigner: false, isWritable: true },
          { pubkey: a.rewardMint.key, isSigner: false, isWritable: false },
          { pubkey: a.destinationTokenAccount.key, isSigner: false, isWritable: true },
          { pubkey: authority, isSigner: true, isWritable: false },
        ],
        data,
      },
      [seeds],
    );
  },
};
