import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { base58 } from "../program/args.js";
import { FeeStateLayout } from "../state/fee-state.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { SEEDS } from "../program/ids.js";

/** The fee state is Anchor's `init` at its PDA, created by the handler; the System program is only invoked. */
const InitGlobalFeeStateAccounts = declareAccounts({
  payer: signer({ mut: "load" }),
  feeState: unchecked({ mut: "load" }),
  systemProgram: unchecked(),
});

/** Creates the program-wide FeeState PDA; being an init of a fixed PDA, it can only ever run once. */
export const initGlobalFeeState: InstructionHandler = {
  name: "init_global_fee_state",
  units: 12_000,
  accounts: InitGlobalFeeStateAccounts,
  run(ctx, accounts, args) {
    const { payer, feeState } = InitGlobalFeeStateAccounts.load(ctx).accounts;
    const bump = checkSeeds(ctx, feeState, [SEEDS.feeState]);
    const { admin, feeWallet, bankInitFlatSolFee, liquidationFlatSolFee, programFeeFixed, programFeeRate, liquidationMaxFee } = decodeArgs(
      args,
      LENDING_INSTRUCTIONS.init_global_fee_state.args,
    );

    const data = accounts.init(payer, feeState, FeeStateLayout, [SEEDS.feeState, Buffer.from([bump])]);
    const f = FeeStateLayout.fields;
    f.key.set(data, feeState.key);
    f.globalFeeAdmin.set(data, base58(admin));
    f.globalFeeWallet.set(data, base58(feeWallet));
    f.bankInitFlatSolFee.set(data, bankInitFlatSolFee);
    f.liquidationFlatSolFee.set(data, liquidationFlatSolFee);
    f.bumpSeed.set(data, bump);
    f.programFeeFixed.set(data, programFeeFixed);
    f.programFeeRate.set(data, programFeeRate);
    f.liquidationMaxFee.set(data, liquidationMaxFee);
  },
};
