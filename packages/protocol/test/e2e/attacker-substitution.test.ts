// Substituted accounts for borrow, withdraw, liquidate and flash loans, signed by the rightful authority: another
// group's bank, a vault or vault authority of another bank, and tampered risk accounts (a stray or another bank's
// oracle, a bank missing, the wrong order, one bank twice, another group's bank). Each lands on the ledger, fails with
// the exact program error and changes none of the accounts its instructions name; the honest transaction it was made
// from succeeds in simulation, so the substitution is what is refused.
import type { Keypair, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LendingInstructionName } from "../../src/instruction-table.js";
import {
  AttackScene,
  RISK_TAMPERING,
  declaredAccounts,
  refusal,
  substitute,
  tamperRisk,
  withRemaining,
  type Refusal,
  type RiskTampering,
} from "../support/attacker.js";
import { liquidateIx } from "../support/liquidation.js";
import type { TestBank } from "../support/market.js";

type Meta = [PublicKey, boolean, boolean];

let scene: AttackScene;
beforeAll(async () => {
  scene = await AttackScene.build();
}, 120_000);
afterAll(() => scene.close());

const INVALID_GROUP = (account: string) => refusal("InvalidGroup", 6093, account);
const SEEDS = (account: string) => refusal("ConstraintSeeds", 2006, account);
const WRONG_ORACLE = refusal("WrongOracleAccountKeys", 6052);
/** An asset whose price cannot be read counts as worth nothing, so the account's health is what fails. */
const ASSET_UNPRICED = refusal("RiskEngineInitRejected", 6009);
const INVALID_BANK = refusal("InvalidBankAccount", 6008);

/** Risk accounts that do not line up with the account's balances, bank by bank. */
const MISALIGNED: Pick<
  Record<RiskTampering, Refusal>,
  Exclude<RiskTampering, "a feed no bank uses as the oracle" | "another bank's oracle">
> = {
  "a bank missing": INVALID_BANK,
  "the banks in the wrong order": INVALID_BANK,
  "one bank twice, in place of another": INVALID_BANK,
  "another group's bank in place of one": INVALID_BANK,
};

interface Substitution {
  label: string;
  build: () => Promise<TransactionInstruction[]>;
  expected: Refusal;
  /** The instruction that fails, when not the last. */
  index?: number;
}

interface Scenario {
  title: string;
  signer: () => Keypair;
  honest: () => Promise<TransactionInstruction[]>;
  substitutions: Substitution[];
  /** The bank whose oracle the tampering swaps. */
  tamperedBank: () => TestBank;
  /** The honest transaction with its risk accounts tampered by `tamper`. */
  tampered: (tamper: (risk: Meta[]) => Meta[]) => Promise<TransactionInstruction[]>;
  tamperRefusals: Record<RiskTampering, Refusal>;
}

const remainingOf = (instruction: TransactionInstruction, count: number): Meta[] =>
  instruction.keys.slice(count).map((k): Meta => [k.pubkey, k.isSigner, k.isWritable]);

/** A copy of the honest transaction with instruction `index` replaced. */
function replaceAt(instructions: TransactionInstruction[], index: number, replacement: TransactionInstruction): TransactionInstruction[] {
  return instructions.map((instruction, i) => (i === index ? replacement : instruction));
}

/** Substitutes one named account of instruction `index` (of `name`) in the honest transaction. */
function substituted(
  honest: () => Promise<TransactionInstruction[]>,
  index: number,
  name: LendingInstructionName,
  account: string,
  key: () => PublicKey,
): () => Promise<TransactionInstruction[]> {
  return async () => {
    const instructions = await honest();
    const target = instructions[index];
    if (!target) throw new Error(`no instruction ${index}`);
    return replaceAt(instructions, index, substitute(target, name, account, key()));
  };
}

const ONE_DEBT_TOKEN = 1_000_000_000n;
const ONE_COLLATERAL_TOKEN = 1_000_000n;

async function borrowIx(risk: Meta[]): Promise<TransactionInstruction> {
  return scene.market.borrowIx(scene.borrower, scene.debt, scene.strangerTokens.debt, ONE_DEBT_TOKEN, risk);
}

/** The standard action's substitutions: another group's bank, another bank's vault and vault authority. */
function bankSubstitutions(
  honest: () => Promise<TransactionInstruction[]>,
  index: number,
  name: "lending_account_borrow" | "lending_account_withdraw",
): Substitution[] {
  return [
    {
      label: "the authority's margin account in another group",
      build: substituted(honest, index, name, "marginfi_account", () => scene.borrowerElsewhere),
      expected: INVALID_GROUP("marginfi_account"),
      index,
    },
    {
      label: "another group's bank",
      build: substituted(honest, index, name, "bank", () => scene.otherBank.key),
      expected: INVALID_GROUP("bank"),
      index,
    },
    {
      label: "another bank's liquidity vault",
      build: substituted(honest, index, name, "liquidity_vault", () => scene.fixedBank.vaults.liquidity),
      expected: refusal("InvalidLiquidityVault", 6094, "bank"),
      index,
    },
    {
      label: "another bank's vault authority",
      build: substituted(honest, index, name, "bank_liquidity_vault_authority", () => scene.fixedBank.vaults.liquidityAuthority),
      expected: SEEDS("bank_liquidity_vault_authority"),
      index,
    },
  ];
}

const withdrawCount = declaredAccounts("lending_account_withdraw").length;
const liquidateCount = declaredAccounts("lending_account_liquidate").length;

const honestBorrow = async () => [await borrowIx(await scene.borrowerRisk())];
const honestWithdraw = async () => [
  scene.market.withdrawIx(
    scene.borrower,
    scene.collateral,
    scene.strangerTokens.collateral,
    ONE_COLLATERAL_TOKEN,
    await scene.borrowerRisk(),
  ),
];
/** A flash loan: start (ending at index 2), a borrow that skips its health check inside the loan, the end with risk accounts. */
const honestFlashloan = async () => [
  scene.market.startFlashloanIx(scene.borrower, 2n),
  await borrowIx([]),
  scene.market.endFlashloanIx(scene.borrower, await scene.borrowerRisk()),
];
const liquidation = () => ({
  liquidator: scene.liquidator,
  liquidatee: scene.underwater,
  assetBank: scene.fixedBank,
  liabBank: scene.debt,
  assetAmount: 10_000_000n,
  banks: scene.banks,
});
const honestLiquidation = async () => [await liquidateIx(scene.market, liquidation())];

/** The liquidation's remaining accounts are [liability oracle, liquidator's risk, liquidatee's risk]; its data ends with both counts. */
async function tamperLiquidatee(tamper: (risk: Meta[]) => Meta[]): Promise<TransactionInstruction[]> {
  const [honest] = await honestLiquidation();
  if (!honest) throw new Error("no liquidation");
  const liquidateeCount = honest.data[16] ?? 0;
  const remaining = remainingOf(honest, liquidateCount);
  const liquidateeRisk = remaining.slice(remaining.length - liquidateeCount);
  const tampered = tamper(liquidateeRisk);
  const instruction = withRemaining(honest, liquidateCount, [...remaining.slice(0, remaining.length - liquidateeCount), ...tampered]);
  instruction.data[16] = tampered.length;
  return [instruction];
}

const SCENARIOS: Scenario[] = [
  {
    title: "lending_account_borrow",
    signer: () => scene.borrower.wallet,
    honest: honestBorrow,
    substitutions: bankSubstitutions(honestBorrow, 0, "lending_account_borrow"),
    tamperedBank: () => scene.debt,
    tampered: async (tamper) => [await borrowIx(tamper(await scene.borrowerRisk()))],
    tamperRefusals: { "a feed no bank uses as the oracle": WRONG_ORACLE, "another bank's oracle": WRONG_ORACLE, ...MISALIGNED },
  },
  {
    title: "lending_account_withdraw",
    signer: () => scene.borrower.wallet,
    honest: honestWithdraw,
    substitutions: bankSubstitutions(honestWithdraw, 0, "lending_account_withdraw"),
    tamperedBank: () => scene.collateral,
    tampered: async (tamper) => {
      const [honest] = await honestWithdraw();
      if (!honest) throw new Error("no withdraw");
      return [withRemaining(honest, withdrawCount, tamper(remainingOf(honest, withdrawCount)))];
    },
    tamperRefusals: { "a feed no bank uses as the oracle": ASSET_UNPRICED, "another bank's oracle": ASSET_UNPRICED, ...MISALIGNED },
  },
  {
    title: "lending_account_liquidate",
    signer: () => scene.liquidator.wallet,
    honest: honestLiquidation,
    substitutions: [
      {
        label: "another group's asset bank",
        build: substituted(honestLiquidation, 0, "lending_account_liquidate", "asset_bank", () => scene.otherBank.key),
        expected: INVALID_GROUP("asset_bank"),
      },
      {
        label: "a liquidatee in another group",
        build: substituted(honestLiquidation, 0, "lending_account_liquidate", "liquidatee_marginfi_account", () => scene.borrowerElsewhere),
        expected: INVALID_GROUP("liquidatee_marginfi_account"),
      },
      {
        label: "another group's liability bank",
        build: substituted(honestLiquidation, 0, "lending_account_liquidate", "liab_bank", () => scene.otherBank.key),
        expected: INVALID_GROUP("liab_bank"),
      },
      {
        label: "another bank's liquidity vault",
        build: substituted(
          honestLiquidation,
          0,
          "lending_account_liquidate",
          "bank_liquidity_vault",
          () => scene.collateral.vaults.liquidity,
        ),
        expected: SEEDS("bank_liquidity_vault"),
      },
      {
        label: "another bank's vault authority",
        build: substituted(
          honestLiquidation,
          0,
          "lending_account_liquidate",
          "bank_liquidity_vault_authority",
          () => scene.collateral.vaults.liquidityAuthority,
        ),
        expected: SEEDS("bank_liquidity_vault_authority"),
      },
      {
        label: "another bank's insurance vault",
        build: substituted(
          honestLiquidation,
          0,
          "lending_account_liquidate",
          "bank_insurance_vault",
          () => scene.collateral.vaults.insurance,
        ),
        expected: SEEDS("bank_insurance_vault"),
      },
      {
        label: "a feed no bank uses as the liability bank's oracle",
        build: async () => {
          const [honest] = await honestLiquidation();
          if (!honest) throw new Error("no liquidation");
          const [, ...rest] = remainingOf(honest, liquidateCount);
          return [withRemaining(honest, liquidateCount, [[scene.strayOracles.switchboard, false, false], ...rest])];
        },
        expected: WRONG_ORACLE,
      },
    ],
    tamperedBank: () => scene.debt,
    tampered: tamperLiquidatee,
    tamperRefusals: { "a feed no bank uses as the oracle": WRONG_ORACLE, "another bank's oracle": WRONG_ORACLE, ...MISALIGNED },
  },
  {
    title: "a flash loan",
    signer: () => scene.borrower.wallet,
    honest: honestFlashloan,
    substitutions: [
      ...bankSubstitutions(honestFlashloan, 1, "lending_account_borrow"),
      {
        label: "a start whose end index points at the borrow",
        build: async () => replaceAt(await honestFlashloan(), 0, scene.market.startFlashloanIx(scene.borrower, 1n)),
        expected: refusal("IllegalFlashloan", 6038),
        index: 0,
      },
      {
        label: "no end at all (the start names the borrow, the last instruction)",
        build: async () => replaceAt(await honestFlashloan(), 0, scene.market.startFlashloanIx(scene.borrower, 1n)).slice(0, 2),
        expected: refusal("IllegalFlashloan", 6038),
        index: 0,
      },
    ],
    tamperedBank: () => scene.debt,
    tampered: async (tamper) => {
      const instructions = await honestFlashloan();
      return replaceAt(instructions, 2, scene.market.endFlashloanIx(scene.borrower, tamper(await scene.borrowerRisk())));
    },
    tamperRefusals: { "a feed no bank uses as the oracle": WRONG_ORACLE, "another bank's oracle": WRONG_ORACLE, ...MISALIGNED },
  },
];

describe.each(SCENARIOS)("$title with substituted accounts", (scenario) => {
  it("goes through when nothing is substituted (simulated)", async () => {
    expect(await scene.simulateError(await scenario.honest(), [scenario.signer()])).toEqual({ err: null, log: undefined });
  });

  it.each(scenario.substitutions)("refuses $label and changes nothing", async ({ build, expected, index }) => {
    await scene.expectRefused(await build(), [scenario.signer()], expected, index);
  });

  it.each(RISK_TAMPERING)("refuses risk accounts with %s and changes nothing", async (how) => {
    const instructions = await scenario.tampered((risk) => tamperRisk(scene, risk, scenario.tamperedBank(), how));
    await scene.expectRefused(instructions, [scenario.signer()], scenario.tamperRefusals[how]);
  });
});
