// The attacker suite, generated from the IDL: every role-gated instruction signed by everyone who does not hold the
// role, every margin-account instruction signed by a foreign authority. Each lands on the ledger, fails with the
// exact program error and changes none of the accounts it names. An IDL instruction that is neither attacked here nor
// exempt with a reason fails the first test.
import { readFileSync } from "node:fs";
import type { Keypair } from "@solana/web3.js";
import type { Idl } from "@coral-xyz/anchor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LendingInstructionName } from "../../src/instruction-table.js";
import {
  ACCOUNT_SIGNERS,
  AttackScene,
  ROLES,
  ROLE_SIGNERS,
  declaredAccounts,
  refusal,
  refusalLog,
  type Refusal,
  type Role,
} from "../support/attacker.js";
import type { TestUser } from "../support/market.js";
import { startLiquidationIx } from "../support/receivership.js";

const IDL = JSON.parse(readFileSync(new URL("../../idl/marginfi.json", import.meta.url), "utf8")) as Idl;
const IDL_NAMES = IDL.instructions.map((i) => i.name as LendingInstructionName);

/** Instructions nobody needs a role or an account's authority for, each with why it is not attacked here. */
const EXEMPT: Readonly<Partial<Record<LendingInstructionName, string>>> = {
  init_global_fee_state: "one-time creation of the fee state PDA by whoever deploys; a second call fails as the account exists",
  marginfi_group_initialize: "creates a new group whose admin is the signer; touches no existing account",
  marginfi_account_initialize: "creates the signer's own new margin account",
  marginfi_account_initialize_pda: "creates the signer's own margin account at a PDA",
  propagate_fee_state: "permissionless: copies the fee state into a group",
  panic_unpause_permissionless: "permissionless: lifts a pause only after it lapsed",
  lending_pool_add_bank_permissionless: "permissionless: a staked bank from the group's staked settings",
  propagate_staked_settings: "permissionless: copies the group's staked settings into a staked bank",
  kamino_init_obligation: "permissionless: the obligation's first deposit belongs to no one",
  kamino_harvest_reward: "permissionless: the reward goes to the global fee wallet only",
  lending_pool_accrue_bank_interest: "permissionless bank maintenance",
  lending_pool_pulse_bank_price_cache: "permissionless bank maintenance",
  lending_pool_collect_bank_fees: "permissionless: fees move between the bank's own vaults and the fee wallet",
  lending_pool_withdraw_fees_permissionless: "permissionless: pays only the destination the admin set",
  migrate_curve: "permissionless: rewrites a legacy curve in the new form",
  init_bank_metadata: "permissionless: the payer creates the bank's empty metadata PDA",
  marginfi_account_init_liq_record: "permissionless: the payer creates an account's liquidation record",
  lending_account_settle_emissions: "permissionless: moves emissions into the account's own balance",
  lending_account_withdraw_emissions_permissionless: "permissionless: pays only the destination the account's authority set",
  lending_account_pulse_health: "permissionless: writes the account's health cache",
  lending_account_sort_balances: "permissionless: reorders the account's balances",
  start_liquidation: "permissionless by design: anyone may liquidate an unhealthy account; the receiver must sign the end",
};

/** Who may sign where the IDL names the signer `signer`. */
const SIGNER_ROLES: Readonly<Partial<Record<LendingInstructionName, readonly Role[]>>> = {
  lending_pool_clone_emode: ["admin", "emodeAdmin"],
  lending_pool_handle_bankruptcy: ["admin", "riskAdmin"],
};

/** The common refusal: the group's has_one on the role, as the program's Unauthorized caused by the group. */
const UNAUTHORIZED_GROUP = refusal("Unauthorized", 6042, "group");

const FEE_ADMIN_REFUSAL = refusal("Unauthorized", 6042, "fee_state");
const GROUP_ADMIN_REFUSAL = refusal("Unauthorized", 6042, "marginfi_group");
const HAS_ONE_GROUP = refusal("ConstraintHasOne", 2001, "group");
const UNAUTHORIZED = refusal("Unauthorized", 6042);

/** Where a role-gated instruction refuses otherwise, as its handler's account checks (or first lines) say. */
const ROLE_REFUSALS: Readonly<Partial<Record<LendingInstructionName, Refusal>>> = {
  edit_global_fee_state: FEE_ADMIN_REFUSAL,
  config_group_fee: FEE_ADMIN_REFUSAL,
  panic_pause: FEE_ADMIN_REFUSAL,
  panic_unpause: FEE_ADMIN_REFUSAL,
  marginfi_group_configure: GROUP_ADMIN_REFUSAL,
  configure_deleverage_withdrawal_limit: GROUP_ADMIN_REFUSAL,
  lending_pool_add_bank: GROUP_ADMIN_REFUSAL,
  lending_pool_add_bank_with_seed: GROUP_ADMIN_REFUSAL,
  lending_pool_set_fixed_oracle_price: HAS_ONE_GROUP,
  write_bank_metadata: HAS_ONE_GROUP,
  start_deleverage: HAS_ONE_GROUP,
  end_deleverage: HAS_ONE_GROUP,
  // Both accept two roles, so the handler checks the signer itself after loading.
  lending_pool_clone_emode: UNAUTHORIZED,
  lending_pool_handle_bankruptcy: UNAUTHORIZED,
};

/** Where a foreign authority is refused otherwise than Unauthorized caused by the margin account. */
const ACCOUNT_REFUSALS: Readonly<Partial<Record<LendingInstructionName, Refusal>>> = {
  end_liquidation: refusal("InvalidLiquidationReceiver", 6096, "liquidation_record"),
  lending_account_liquidate: refusal("Unauthorized", 6042, "liquidator_marginfi_account"),
  transfer_to_new_account: refusal("Unauthorized", 6042, "old_marginfi_account"),
  transfer_to_new_account_pda: refusal("Unauthorized", 6042, "old_marginfi_account"),
};

/** Where a frozen account's own authority is refused otherwise than AccountFrozen caused by the margin account. */
const FROZEN_REFUSALS: Readonly<Partial<Record<LendingInstructionName, Refusal>>> = {
  // These check the plain has_one authority while loading, then the frozen flag in the handler.
  marginfi_account_update_emissions_destination_account: refusal("AccountFrozen", 6103),
  marginfi_account_close: refusal("AccountFrozen", 6103),
  lending_account_start_flashloan: refusal("AccountFrozen", 6103),
  lending_account_end_flashloan: refusal("AccountFrozen", 6103),
  lending_account_liquidate: refusal("AccountFrozen", 6103, "liquidator_marginfi_account"),
  transfer_to_new_account: refusal("AccountFrozen", 6103, "old_marginfi_account"),
  transfer_to_new_account_pda: refusal("AccountFrozen", 6103, "old_marginfi_account"),
};

/**
 * What the same transaction does for the role holder, simulated, where it does not succeed: a check after the
 * signer's, failing on the zero arguments or the scene's state.
 */
const HOLDER_OUTCOMES: Readonly<Partial<Record<LendingInstructionName, Refusal>>> = {
  panic_unpause: refusal("ProtocolNotPaused", 6083),
  configure_deleverage_withdrawal_limit: refusal("ZeroWithdrawalLimit", 6102),
  lending_pool_add_bank: refusal("InvalidConfig", 6015),
  lending_pool_add_bank_with_seed: refusal("InvalidConfig", 6015),
  lending_pool_add_bank_kamino: refusal("InvalidKaminoReserve", 6213, "integration_acc_1"),
  lending_pool_configure_bank_oracle: refusal("OracleNotSetup", 6031),
  lending_pool_close_bank: refusal("BankCannotClose", 6078),
  lending_pool_handle_bankruptcy: refusal("AccountNotBankrupt", 6013),
  // Alone, without its end; end_deleverage's case has both, and the risk admin's deleverage goes through.
  start_deleverage: refusal("EndNotLast", 6088),
  purge_deleverage_balance: refusal("ForbiddenIx", 6089, "bank"),
};

const LIQUIDATOR_SIGNS: LendingInstructionName[] = ["lending_account_liquidate", "end_liquidation"];

type Category = "role" | "account" | "exempt" | "unclassified";

function signerNames(name: LendingInstructionName): string[] {
  return declaredAccounts(name)
    .filter((a) => a.signer)
    .map((a) => a.name);
}

function category(name: LendingInstructionName): Category {
  if (EXEMPT[name] !== undefined) return "exempt";
  const signers = signerNames(name);
  if (signers.some((s) => s in ROLE_SIGNERS) || SIGNER_ROLES[name] !== undefined) return "role";
  if (signers.some((s) => ACCOUNT_SIGNERS.has(s))) return "account";
  return "unclassified";
}

function allowedRoles(name: LendingInstructionName): readonly Role[] {
  return (
    SIGNER_ROLES[name] ??
    signerNames(name).flatMap((s) => {
      const role = ROLE_SIGNERS[s];
      return role ? [role] : [];
    })
  );
}

const ROLE_GATED = IDL_NAMES.filter((n) => category(n) === "role");
const ACCOUNT_GATED = IDL_NAMES.filter((n) => category(n) === "account");

let scene: AttackScene;
beforeAll(async () => {
  scene = await AttackScene.build();
}, 120_000);
afterAll(() => scene.close());

describe("attacker suite coverage", () => {
  it("attacks every IDL instruction or says why not", () => {
    expect(IDL_NAMES.filter((n) => category(n) === "unclassified")).toEqual([]);
    expect(Object.keys(EXEMPT).filter((n) => !IDL_NAMES.includes(n as LendingInstructionName))).toEqual([]);
    expect(ROLE_GATED.length + ACCOUNT_GATED.length + Object.keys(EXEMPT).length).toBe(IDL_NAMES.length);
  });
});

/** Everyone who does not hold the role: a random wallet, a user of the group, each other role's holder. */
function outsiders(name: LendingInstructionName): { label: string; key: () => Keypair }[] {
  const allowed = allowedRoles(name);
  return [
    { label: "a random wallet", key: () => scene.stranger },
    { label: "a user", key: () => scene.borrower.wallet },
    ...ROLES.filter((r) => !allowed.includes(r)).map((r) => ({ label: `the ${r}`, key: () => scene.roles[r] })),
  ];
}

/** Risk accounts the instruction reads after its own (the subject's, by default the borrower's, where health is checked). */
async function remainingFor(name: LendingInstructionName, subject: TestUser | null) {
  const risky: LendingInstructionName[] = [
    "lending_account_borrow",
    "lending_account_withdraw",
    "lending_account_end_flashloan",
    "start_deleverage",
    "end_deleverage",
    "lending_pool_handle_bankruptcy",
  ];
  if (name === "end_liquidation") return scene.market.riskAccounts(scene.underwater, scene.banks);
  return risky.includes(name) ? scene.market.riskAccounts(subject ?? scene.borrower, scene.banks) : [];
}

/**
 * The transaction that attacks `name` as `actor` (for `subject`'s account when given) and the index of the instruction
 * that must fail: an end comes after its start (a deleverage started by the risk admin, a liquidation started naming
 * the liquidator as receiver), a flash-loan start before the end it names.
 */
async function attack(name: LendingInstructionName, actor: Keypair, subject: TestUser | null = null) {
  const remaining = await remainingFor(name, subject);
  if (name === "lending_account_start_flashloan") {
    // A start must name a matching end, or it fails on that before reaching the account.
    const acting = { wallet: actor, account: (subject ?? scene.borrower).account };
    const end = scene.market.endFlashloanIx(acting, await scene.market.riskAccounts(subject ?? scene.borrower, scene.banks));
    return { instructions: [scene.market.startFlashloanIx(acting, 1n), end], signers: [actor], failing: 0 };
  }
  const { instruction, signers } = scene.build(name, actor, remaining, subject);
  if (name === "end_deleverage") {
    const start = scene.build("start_deleverage", scene.roles.riskAdmin, remaining);
    return { instructions: [start.instruction, instruction], signers: [...start.signers, ...signers], failing: 1 };
  }
  if (name === "end_liquidation") {
    const start = startLiquidationIx(scene.underwater.account, scene.liquidator.wallet.publicKey, remaining);
    return { instructions: [start, instruction], signers, failing: 1 };
  }
  return { instructions: [instruction], signers, failing: 0 };
}

describe.each(ROLE_GATED)("role-gated %s", (name) => {
  const expected = ROLE_REFUSALS[name] ?? UNAUTHORIZED_GROUP;

  it.each(outsiders(name))("refuses $label and changes nothing", async ({ key }) => {
    const { instructions, signers, failing } = await attack(name, key());
    await scene.expectRefused(instructions, signers, expected, failing);
  });

  it("lets its role holder past the check (so the refusal is the signer's)", async () => {
    const [role] = allowedRoles(name);
    if (role === undefined) throw new Error(`${name} has no role`);
    const { instructions, signers, failing } = await attack(name, scene.roles[role]);
    const later = HOLDER_OUTCOMES[name];
    expect(await scene.simulateError(instructions, signers)).toEqual(
      later ? { err: { InstructionError: [failing, { Custom: later.code }] }, log: refusalLog(later) } : { err: null, log: undefined },
    );
  });
});

describe.each(ACCOUNT_GATED)("margin-account %s", (name) => {
  const expected = ACCOUNT_REFUSALS[name] ?? refusal("Unauthorized", 6042, "marginfi_account");
  const foreign = [
    { label: "a random wallet", key: () => scene.stranger },
    // The liquidator owns the account a liquidation names (and is the receiver its start names), the borrower the others.
    { label: "another user", key: () => (LIQUIDATOR_SIGNS.includes(name) ? scene.borrower.wallet : scene.liquidator.wallet) },
    // The group admin answers for frozen accounts only; the borrower's is not frozen.
    { label: "the group admin", key: () => scene.roles.admin },
  ];

  it.each(foreign)("refuses $label as authority and changes nothing", async ({ key }) => {
    const { instructions, signers, failing } = await attack(name, key());
    await scene.expectRefused(instructions, signers, expected, failing);
  });

  // A frozen account answers to the group admin only, not to its own authority (the receiver of a liquidation acts for no account).
  if (name !== "end_liquidation") {
    it("refuses a frozen account's own authority and changes nothing", async () => {
      const { instructions, signers, failing } = await attack(name, scene.frozen.wallet, scene.frozen);
      await scene.expectRefused(
        instructions,
        signers,
        FROZEN_REFUSALS[name] ?? refusal("AccountFrozen", 6103, "marginfi_account"),
        failing,
      );
    });
  }
});
