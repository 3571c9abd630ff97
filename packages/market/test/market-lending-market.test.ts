// update_lending_market and update_lending_market_owner on a real ledger: every mode writes its field, every
// validation refuses with klend's code, the emergency and borrowing switches stop users, elevation groups are
// checked as they are written, ownership is handed over in two steps, and an immutable market takes no more updates.
import { Keypair, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ElevationGroup,
  type LendingMarket,
  UpdateLendingMarketMode as Mode,
  ZERO_PUBKEY,
  lendingMarketValue as value,
  updateLendingMarketInstruction,
  updateLendingMarketOwnerInstruction,
} from "../src/index.js";
import { MarketHarness, SOL } from "./support/harness.js";
import { type Borrower, LendingSetup, type PricedReserve } from "./support/lending-setup.js";

const USDC = 1_000_000n;

let h: MarketHarness;
let s: LendingSetup;
let usdc: PricedReserve;
let sol: PricedReserve;
let borrower: Borrower;

beforeAll(async () => {
  h = await MarketHarness.start();
  s = await LendingSetup.create(h);
  usdc = await s.reserve({ name: "USDC", decimals: 6, price: 100_000_000n });
  sol = await s.reserve({ name: "SOL", decimals: 9, price: 10_000_000_000n, ltv: 75 });
  await s.supply(usdc, 50_000n * USDC);
  borrower = await s.borrower();
  await h.send(await s.depositCollateral(borrower, sol, 10n * SOL, []), [borrower.wallet]);
});
afterAll(() => h.close());

const update = (mode: number, bytes: Uint8Array, owner: Keypair = h.owner) =>
  updateLendingMarketInstruction({ lendingMarketOwner: owner.publicKey, lendingMarket: s.market, mode, value: bytes });

const market = (): Promise<LendingMarket> => h.market(s.market);

function group(overrides: Partial<ElevationGroup>): ElevationGroup {
  return {
    maxLiquidationBonusBps: 500,
    id: 1,
    ltvPct: 90,
    liquidationThresholdPct: 92,
    allowNewLoans: 1,
    maxReservesAsCollateral: 2,
    debtReserve: usdc.accounts.reserve.toBase58(),
    ...overrides,
  };
}

describe("update_lending_market", () => {
  it("writes each mode's field from the start of the value", async () => {
    const council = Keypair.generate().publicKey;
    const proposer = Keypair.generate().publicKey;
    const staged = Keypair.generate().publicKey;
    const cases: [number, Uint8Array, Partial<LendingMarket>][] = [
      [Mode.UpdateOwner, value.pubkey(staged), { lendingMarketOwnerCached: staged.toBase58() }],
      [Mode.UpdateLiquidationCloseFactor, value.u8(50), { liquidationMaxDebtCloseFactorPct: 50 }],
      [Mode.UpdateLiquidationMaxValue, value.u64(250_000n), { maxLiquidatableDebtMarketValueAtOnce: 250_000n }],
      [Mode.UpdateGlobalAllowedBorrow, value.u64(1_000_000n), { globalAllowedBorrowValue: 1_000_000n }],
      [Mode.UpdateRiskCouncil, value.pubkey(council), { riskCouncil: council.toBase58() }],
      [Mode.UpdateMinFullLiquidationThreshold, value.u64(5n), { minFullLiquidationValueThreshold: 5n }],
      [Mode.UpdateInsolvencyRiskLtv, value.u8(90), { insolvencyRiskUnhealthyLtvPct: 90 }],
      [Mode.UpdateReferralFeeBps, value.u16(2_000), { referralFeeBps: 2_000 }],
      [Mode.UpdatePriceRefreshTriggerToMaxAgePct, value.u8(60), { priceRefreshTriggerToMaxAgePct: 60 }],
      [Mode.UpdateAutodeleverageEnabled, value.u8(1), { autodeleverageEnabled: 1 }],
      [Mode.UpdateMinNetValueObligationPostAction, value.u128(1n << 59n), { minNetValueInObligationSf: 1n << 59n }],
      [Mode.UpdateMinValueLtvSkipPriorityLiqCheck, value.u64(7n), { minValueSkipLiquidationLtvChecks: 7n }],
      [Mode.UpdateMinValueBfSkipPriorityLiqCheck, value.u64(8n), { minValueSkipLiquidationBfChecks: 8n }],
      [Mode.UpdateName, value.name("Ballast Kamino"), { name: Uint8Array.from(value.name("Ballast Kamino")) }],
      [
        Mode.UpdateIndividualAutodeleverageMarginCallPeriodSecs,
        value.u64(3_600n),
        { individualAutodeleverageMarginCallPeriodSecs: 3_600n },
      ],
      [Mode.UpdateInitialDepositAmount, value.u64(1_000n), { minInitialDepositAmount: 1_000n }],
      [Mode.UpdateObligationOrderExecutionEnabled, value.u8(1), { obligationOrderExecutionEnabled: 1 }],
      [Mode.UpdateObligationOrderCreationEnabled, value.u8(1), { obligationOrderCreationEnabled: 1 }],
      [Mode.UpdateProposerAuthority, value.pubkey(proposer), { proposerAuthority: proposer.toBase58() }],
      [Mode.UpdatePriceTriggeredLiquidationDisabled, value.u8(1), { priceTriggeredLiquidationDisabled: 1 }],
    ];
    for (const [mode, bytes, expected] of cases) {
      // Trailing bytes past the field's type are ignored.
      const padded = Buffer.concat([bytes, Buffer.alloc(72 - bytes.length, 0xee)]);
      const { signature } = await h.send(update(mode, padded), [h.owner]);
      expect(await market(), `mode ${mode}`).toMatchObject(expected);
      const logs = await h.logs(signature);
      expect(logs.some((l) => l.startsWith("Program log: Prv value: ")) && logs.some((l) => l.startsWith("Program log: New value: "))).toBe(
        true,
      );
    }
    // Back to klend's defaults where later tests depend on them.
    await h.send(
      [
        update(Mode.UpdateGlobalAllowedBorrow, value.u64(45_000_000n)),
        update(Mode.UpdateMinNetValueObligationPostAction, value.u128(1_152_921_504_607n)),
        update(Mode.UpdateInitialDepositAmount, value.u64(100_000n)),
      ],
      [h.owner],
    );
  });

  it("logs the owner's change and zeroes the padding fields", async () => {
    const { signature } = await h.send(update(Mode.UpdateLiquidationCloseFactor, value.u8(20)), [h.owner]);
    expect(await h.logs(signature)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Program log: Updating lending market \w+ with mode UpdateLiquidationCloseFactor and value \[20,0,/),
        "Program log: Prv value: liquidation_max_debt_close_factor_pct = 50",
        "Program log: New value: liquidation_max_debt_close_factor_pct = 20",
      ]),
    );
    await h.send(update(Mode.UpdatePaddingFields, value.u64(99n)), [h.owner]);
    const data = await h.data(s.market);
    expect([...data.subarray(8 + 136, 8 + 144), ...data.subarray(8 + 184, 8 + 192)]).toEqual(Array(16).fill(0));
  });

  it("refuses values its validation rejects, with klend's codes", async () => {
    const refusals: [number, Uint8Array, string][] = [
      [Mode.UpdateEmergencyMode, value.u8(2), "InvalidFlag"],
      [Mode.UpdateLiquidationCloseFactor, value.u8(4), "InvalidConfig"],
      [Mode.UpdateLiquidationCloseFactor, value.u8(101), "InvalidConfig"],
      [Mode.UpdateLiquidationMaxValue, value.u64(0n), "InvalidConfig"],
      [Mode.UpdateMinFullLiquidationThreshold, value.u64(0n), "InvalidConfig"],
      [Mode.UpdateInsolvencyRiskLtv, value.u8(4), "InvalidConfig"],
      [Mode.UpdateReferralFeeBps, value.u16(10_001), "InvalidConfig"],
      [Mode.UpdatePriceRefreshTriggerToMaxAgePct, value.u8(101), "InvalidConfig"],
      [Mode.UpdateAutodeleverageEnabled, value.u8(2), "InvalidFlag"],
      [Mode.UpdateBorrowingDisabled, value.u8(2), "InvalidFlag"],
      [Mode.UpdateIndividualAutodeleverageMarginCallPeriodSecs, value.u64(0n), "InvalidConfig"],
      [Mode.UpdateInitialDepositAmount, value.u64(999n), "InvalidConfig"],
      [Mode.UpdateObligationOrderExecutionEnabled, value.u8(2), "InvalidFlag"],
      [Mode.UpdateImmutableFlag, value.u8(2), "InvalidFlag"],
      [Mode.UpdateObligationOrderCreationEnabled, value.u8(2), "InvalidFlag"],
      [Mode.UpdatePriceTriggeredLiquidationDisabled, value.u8(255), "InvalidFlag"],
    ];
    for (const [mode, bytes, error] of refusals) await h.expectFailure(update(mode, bytes), [h.owner], error);

    const before = await h.data(s.market);
    const unknown = await h.simulate(update(27, value.u8(1)), [h.owner]);
    expect(unknown.err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
    expect(unknown.logs).toContain(
      "Program log: ProgramError occurred. Error Code: InvalidInstructionData. Error Number: 12884901888. Error Message: An instruction's data contents was invalid.",
    );
    for (const deprecated of [Mode.DeprecatedUpdateGlobalUnhealthyBorrow, Mode.DeprecatedUpdateMultiplierPoints]) {
      const panicked = await h.simulate(update(deprecated, value.u64(1n)), [h.owner]);
      expect(panicked.err).toEqual({ InstructionError: [0, "ProgramFailedToComplete"] });
    }
    const stranger = await h.fundedKeypair();
    const notOwner = await h.expectFailure(update(Mode.UpdateEmergencyMode, value.u8(1), stranger), [stranger], "ConstraintHasOne");
    expect(notOwner.logs?.some((l) => l.includes("caused by account: lending_market"))).toBe(true);
    expect(await h.data(s.market)).toEqual(before);
  });

  it("writes a valid elevation group into the slot of its id and refuses invalid ones with 6070", async () => {
    await h.send(update(Mode.UpdateElevationGroup, value.elevationGroup(group({ id: 3 }))), [h.owner]);
    const groups = (await market()).elevationGroups;
    expect(groups[2]).toEqual(group({ id: 3 }));
    expect(groups[0]).toEqual({
      ...group({}),
      id: 0,
      ltvPct: 0,
      liquidationThresholdPct: 0,
      maxLiquidationBonusBps: 0,
      allowNewLoans: 0,
      maxReservesAsCollateral: 255,
      debtReserve: ZERO_PUBKEY,
    });

    const invalid: Partial<ElevationGroup>[] = [
      { id: 0 },
      { id: 33 },
      { liquidationThresholdPct: 0, ltvPct: 0 },
      { liquidationThresholdPct: 100 },
      { ltvPct: 100, liquidationThresholdPct: 100 },
      { ltvPct: 93 },
      { maxLiquidationBonusBps: 10_001, liquidationThresholdPct: 0, ltvPct: 0 },
      { debtReserve: ZERO_PUBKEY },
      { maxReservesAsCollateral: 0 },
      // 92% × (1 + 9%) > 100%.
      { maxLiquidationBonusBps: 900 },
    ];
    for (const overrides of invalid) {
      await h.expectFailure(
        update(Mode.UpdateElevationGroup, value.elevationGroup(group(overrides))),
        [h.owner],
        "InvalidElevationGroupConfig",
      );
    }
    // 92% × (1 + 8.69%) = 99.99%: allowed.
    await h.send(update(Mode.UpdateElevationGroup, value.elevationGroup(group({ id: 3, maxLiquidationBonusBps: 869 }))), [h.owner]);
    expect((await market()).elevationGroups[2]!.maxLiquidationBonusBps).toBe(869);
  });
});

describe("the market's switches", () => {
  it("refuses deposits and borrows with 6042 while emergency mode is on", async () => {
    await h.send(update(Mode.UpdateEmergencyMode, value.u8(1)), [h.owner]);
    expect((await market()).emergencyMode).toBe(1);
    const source = await s.wallet(borrower.wallet, sol, SOL);
    // The `_v2` forms: the v1 forms check their refreshes first (market-refresh-introspection.test.ts).
    await h.expectFailure(s.depositCollateralIx(borrower, sol, source, SOL, true), [borrower.wallet], "GlobalEmergencyMode");
    await h.expectFailure(await s.borrowIx(borrower, usdc, 10n * USDC, true), [borrower.wallet], "GlobalEmergencyMode");
    // Refreshes stop too, at the first instruction.
    await h.expectFailure(await s.refreshes(borrower, [sol, usdc]), [borrower.wallet], "GlobalEmergencyMode", { failingIndex: 0 });

    await h.send(update(Mode.UpdateEmergencyMode, value.u8(0)), [h.owner]);
    await h.send([...(await s.refreshes(borrower, [sol, usdc])), await s.borrowIx(borrower, usdc, 10n * USDC)], [borrower.wallet]);
    expect(await h.balance(await s.wallet(borrower.wallet, usdc))).toBe(10n * USDC);
  });

  it("refuses borrows with 6088 while borrowing is disabled, and lends again once enabled", async () => {
    await h.send(update(Mode.UpdateBorrowingDisabled, value.u8(1)), [h.owner]);
    const borrow = async () => [...(await s.refreshes(borrower, [sol, usdc])), await s.borrowIx(borrower, usdc, 10n * USDC)];
    const refused = await h.expectFailure(await borrow(), [borrower.wallet], "BorrowingDisabled");
    expect(refused.logs).toContain("Program log: Borrowing is disabled");
    await h.send(update(Mode.UpdateBorrowingDisabled, value.u8(0)), [h.owner]);
    await h.send(await borrow(), [borrower.wallet]);
    expect(await h.balance(await s.wallet(borrower.wallet, usdc))).toBe(20n * USDC);
  });
});

describe("ownership and immutability", () => {
  it("hands the market over in two steps: staged by the owner, accepted by the new key", async () => {
    const next = await h.fundedKeypair();
    await h.send(update(Mode.UpdateOwner, value.pubkey(next.publicKey)), [h.owner]);
    const accept = (signer: Keypair) =>
      updateLendingMarketOwnerInstruction({ lendingMarketOwnerCached: signer.publicKey, lendingMarket: s.market });
    const stranger = await h.fundedKeypair();
    await h.expectFailure(accept(stranger), [stranger], "ConstraintHasOne");
    await h.send(accept(next), [next]);
    expect((await market()).lendingMarketOwner).toBe(next.publicKey.toBase58());
    await h.expectFailure(update(Mode.UpdateEmergencyMode, value.u8(0)), [h.owner], "ConstraintHasOne");

    // And back, so the harness owner keeps the market.
    await h.send(update(Mode.UpdateOwner, value.pubkey(h.owner.publicKey), next), [next]);
    await h.send(accept(h.owner), [h.owner]);
    expect((await market()).lendingMarketOwner).toBe(h.owner.publicKey.toBase58());
  });

  it("refuses every mode and the owner handover with 6127 once the market is immutable", async () => {
    await h.send(update(Mode.UpdateOwner, value.pubkey(h.owner.publicKey)), [h.owner]);
    await h.send(update(Mode.UpdateImmutableFlag, value.u8(1)), [h.owner]);
    expect((await market()).immutable).toBe(1);
    for (const [mode, bytes] of [
      [Mode.UpdateImmutableFlag, value.u8(0)],
      [Mode.UpdateEmergencyMode, value.u8(1)],
      [Mode.UpdateElevationGroup, value.elevationGroup(group({}))],
    ] as const) {
      await h.expectFailure(update(mode, bytes), [h.owner], "OperationNotPermittedMarketImmutable");
    }
    await h.expectFailure(
      updateLendingMarketOwnerInstruction({ lendingMarketOwnerCached: h.owner.publicKey, lendingMarket: s.market }),
      [h.owner],
      "OperationNotPermittedMarketImmutable",
    );
    // An unknown mode is refused before the immutable flag is read.
    expect((await h.simulate(update(30, value.u8(0)), [h.owner])).err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
    expect(new PublicKey((await market()).lendingMarketOwner)).toEqual(h.owner.publicKey);
  });
});
