// A bank's price source: an oracle feed or a fixed price.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import type { I80F48, OracleSetup } from "@ballast/protocol";
import { buildInstruction, readonlyAccount } from "../coder.js";
import { wrappedI80F48 } from "../coder-values.js";
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
  return buildInstruction(
    "lending_pool_configure_bank_oracle",
    { group: p.group, admin: p.admin, bank: p.bank },
    { setup: p.setup, oracle: p.oracle },
    (p.oracleAccounts ?? [p.oracle]).map(readonlyAccount),
    p,
  );
}

export interface SetFixedOraclePriceParams extends BankAdminParams {
  admin: PublicKey;
  /** USD per whole token; not negative. */
  price: I80F48;
}

export function setFixedOraclePriceInstruction(p: SetFixedOraclePriceParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_set_fixed_oracle_price",
    { group: p.group, admin: p.admin, bank: p.bank },
    { price: wrappedI80F48(p.price) },
    [],
    p,
  );
}
