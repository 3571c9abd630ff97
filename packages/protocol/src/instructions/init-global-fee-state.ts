import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
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
    const admin = args.pubkey();
    const feeWallet = args.pubkey();
    const bankInitFlatSolFee = args.u32();
    const liquidationFlatSolFee = args.u32();
    const programFeeFixed = args.i80f48();
    const programFeeRate = args.i80f48();
    const liquidationMaxFee = args.i80f48();

    const data = accounts.init(payer, feeState, FeeStateLayout, [SEEDS.feeState, Buffer.from([bump])]);
    const f = FeeStateLayout.fields;
    f.key.set(data, feeState.key);
    f.globalFeeAdmin.set(data, admin);
    f.globalFeeWallet.set(data, feeWallet);
    f.bankInitFlatSolFee.set(data, bankInitFlatSolFee);
    f.liquidationFlatSolFee.set(data, liquidationFlatSolFee);
    f.bumpSeed.set(data, bump);
    f.programFeeFixed.set(data, programFeeFixed);
    f.programFeeRate.set(data, programFeeRate);
    f.liquidationMaxFee.set(data, liquidationMaxFee);
  },
};
