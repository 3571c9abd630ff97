import { FeeStateLayout } from "../state/fee-state.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { SEEDS } from "../program/ids.js";

/** Creates the program-wide FeeState PDA; being an init of a fixed PDA, it can only ever run once. */
export const initGlobalFeeState: InstructionHandler = {
  name: "init_global_fee_state",
  units: 12_000,
  run(_ctx, accounts, args) {
    const payer = accounts.writable(accounts.signer(0, "payer"), "payer");
    const feeState = accounts.writable(accounts.at(1), "fee_state");
    const bump = accounts.pda(feeState, "fee_state", [SEEDS.feeState]);
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
