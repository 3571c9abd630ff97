import { PublicKey } from "@solana/web3.js";
import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { bankAccount, groupAccount } from "../program/account-kinds.js";
import { isFrozen } from "../program/bank-config-update.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag, OracleSetup } from "../state/enums.js";
import { MarginfiGroupLayout } from "../state/group.js";

const c = BankLayout.fields.config.fields;

const SetFixedOraclePriceAccounts = declareAccounts(
  { group: groupAccount(), admin: signer(), bank: bankAccount({ mut: "constraint" }) },
  (a) => ({
    group: () => {
      if (MarginfiGroupLayout.fields.admin.get(a.group.data) !== a.admin.key) fail("ConstraintHasOne", "group");
    },
    bank: () => {
      if (BankLayout.fields.group.get(a.bank.data) !== a.group.key) fail("ConstraintHasOne", "bank");
    },
  }),
);

/**
 * The group admin prices the bank at a constant: oracle setup Fixed, no oracle account (first key cleared, the
 * others kept), a non-negative price. Staked banks take their price from the stake pool and are refused; frozen
 * banks make the program panic. Both has_one checks use Anchor's plain ConstraintHasOne (2001).
 */
export const lendingPoolSetFixedOraclePrice: InstructionHandler = {
  name: "lending_pool_set_fixed_oracle_price",
  units: 8_000,
  accounts: SetFixedOraclePriceAccounts,
  run(ctx, _checks, args) {
    const { price } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_set_fixed_oracle_price.args);
    const { group, admin, bank } = SetFixedOraclePriceAccounts.load(ctx).accounts;
    const data = bank.data;
    if (isFrozen(data)) throw new Error("cannot change oracle settings on frozen banks");
    if (c.assetTag.get(data) === AssetTag.Staked) fail("Unauthorized");
    c.oracleSetup.set(data, OracleSetup.Fixed);
    c.oracleKeys.at(0).set(data, PublicKey.default.toBase58());
    if (price < 0n) fail("FixedOraclePriceNegative");
    c.fixedPrice.set(data, price);
    emitEvent(ctx, "LendingPoolBankSetFixedOraclePriceEvent", {
      header: { signer: admin.key, marginfiGroup: group.key },
      bank: bank.key,
      price,
    });
  },
};
