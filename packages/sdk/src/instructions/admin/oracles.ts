// A bank's price source: an oracle feed or a fixed price.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import type { I80F48, OracleSetup } from "@ballast/protocol";
import { lendingInstruction, readonlyAccount } from "../program.js";
import type { BankAdminParams } from "./bank-admin.js";

export interface ConfigureBankOracleParams extends BankAdminParams {
  admin: PublicKey;
  /** Any setup but Fixed (see setFixedOraclePriceInstruction). */
  setup: OracleSetup;
  oracle: PublicKey;
  /** The accounts the program validates the setup against; defaults to the oracle alone. */
  oracleAccounts?: readonly PublicKey[];
}

export function configureBankOracleInstruction(p: ConfigureBankOracleParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_configure_bank_oracle",
    {
      accounts: { group: p.group, admin: p.admin, bank: p.bank },
      args: { setup: p.setup, oracle: p.oracle },
      remainingAccounts: (p.oracleAccounts ?? [p.oracle]).map(readonlyAccount),
    },
    p,
  );
}

export interface SetFixedOraclePriceParams extends BankAdminParams {
  admin: PublicKey;
  /** USD per whole token; not negative. */
  price: I80F48;
}

export function setFixedOraclePriceInstruction(p: SetFixedOraclePriceParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_set_fixed_oracle_price",
    { accounts: { group: p.group, admin: p.admin, bank: p.bank }, args: { price: p.price } },
    p,
  );
}
