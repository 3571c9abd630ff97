// The global config on a real ledger: init_global_config reads the upgrade authority from the ProgramData the ledger
// deploys the market with (the harness's upgrade authority), update_global_config and the two-step admin handover, and the
// reserve-config modes only the global admin may use, before and after the config exists and on an immutable market.
import { Keypair, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENT_EXEMPT_EPOCH, minimumBalanceForRentExemption } from "@ballast/ledger";
import {
  BPF_LOADER_UPGRADEABLE_ID,
  KLEND_PROGRAM_ID,
  UpdateConfigMode,
  UpdateGlobalConfigMode,
  UpdateLendingMarketMode,
  decodeGlobalConfig,
  decodeProgramDataHeader,
  encodeProgramDataHeader,
  globalConfigAddress,
  initGlobalConfigInstruction,
  lendingMarketValue,
  programDataAddress,
  updateGlobalConfigAdminInstruction,
  updateGlobalConfigInstruction,
  updateLendingMarketInstruction,
  updateReserveConfigInstruction,
} from "../src/index.js";
import { MarketHarness } from "./support/harness.js";
import { LendingSetup, type PricedReserve } from "./support/lending-setup.js";

let h: MarketHarness;
let s: LendingSetup;
let usdc: PricedReserve;
let upgradeAuthority: Keypair;

beforeAll(async () => {
  h = await MarketHarness.start();
  s = await LendingSetup.create(h);
  usdc = await s.reserve({ name: "USDC", decimals: 6, price: 100_000_000n });
  if (h.upgradeAuthority === null) throw new Error("the harness deploys the market upgradeable");
  upgradeAuthority = h.upgradeAuthority;
});
afterAll(() => h.close());

/** Writes a forged ProgramData account owned by the upgradeable loader at `address`. */
function writeProgramData(address: PublicKey, authority: PublicKey | null): void {
  const data = encodeProgramDataHeader({ slot: 0n, upgradeAuthority: authority?.toBase58() ?? null });
  h.ledger.setAccounts([
    [
      address.toBase58(),
      {
        lamports: minimumBalanceForRentExemption(data.length),
        data,
        owner: BPF_LOADER_UPGRADEABLE_ID,
        executable: false,
        rentEpoch: RENT_EXEMPT_EPOCH,
      },
    ],
  ]);
}

const reserveUpdate = (signer: Keypair, mode: number, value: Uint8Array) =>
  updateReserveConfigInstruction({
    lendingMarketOwner: signer.publicKey,
    lendingMarket: s.market,
    reserve: usdc.accounts.reserve,
    mode,
    value,
  });

const globalConfig = async () => decodeGlobalConfig(await h.data(globalConfigAddress()));

describe("before a global config exists", () => {
  it("lets the owner change the owner's modes and nobody the protocol-fee modes", async () => {
    await h.send(reserveUpdate(h.owner, UpdateConfigMode.UpdateLoanToValuePct, Buffer.from([70])), [h.owner]);
    expect((await h.reserve(usdc.accounts.reserve)).config.loanToValuePct).toBe(70);
    await h.expectFailure(reserveUpdate(h.owner, UpdateConfigMode.UpdateProtocolTakeRate, Buffer.from([20])), [h.owner], "InvalidSigner");
  });

  it("reads the upgrade authority from the ProgramData the ledger deployed the market with", async () => {
    const program = (await h.connection.getAccountInfo(new PublicKey(KLEND_PROGRAM_ID)))!;
    const programData = programDataAddress(KLEND_PROGRAM_ID);
    expect([program.owner.toBase58(), program.executable, program.data.readUInt32LE(0)]).toEqual([BPF_LOADER_UPGRADEABLE_ID, true, 2]);
    expect(new PublicKey(program.data.subarray(4, 36)).equals(programData)).toBe(true);
    const header = decodeProgramDataHeader((await h.connection.getAccountInfo(programData))!.data);
    expect(header).toEqual({ slot: 0n, upgradeAuthority: upgradeAuthority.publicKey.toBase58() });
  });

  it("refuses a ProgramData of the loader at another address", async () => {
    const elsewhere = Keypair.generate().publicKey;
    writeProgramData(elsewhere, h.owner.publicKey);
    const forged = initGlobalConfigInstruction({ payer: h.owner.publicKey });
    forged.keys[2] = { pubkey: elsewhere, isSigner: false, isWritable: false };
    await h.expectFailure(forged, [h.owner], "ConstraintAddress");
    expect(await h.connection.getAccountInfo(globalConfigAddress())).toBeNull();
  });

  it("cannot initialise when the market was deployed without an upgrade authority", async () => {
    const immutable = await MarketHarness.start([], { upgradeable: false });
    try {
      const header = decodeProgramDataHeader(await immutable.data(programDataAddress(KLEND_PROGRAM_ID)));
      expect(header).toEqual({ slot: 0n, upgradeAuthority: null });
      await immutable.expectFailure(
        initGlobalConfigInstruction({ payer: immutable.owner.publicKey }),
        [immutable.owner],
        "NoUpgradeAuthority",
      );
    } finally {
      await immutable.close();
    }
  });
});

describe("global config", () => {
  it("makes the upgrade authority global admin, pending admin and fee collector, once", async () => {
    await h.send(initGlobalConfigInstruction({ payer: h.owner.publicKey }), [h.owner]);
    const info = (await h.connection.getAccountInfo(globalConfigAddress()))!;
    expect([info.owner.toBase58(), info.data.length]).toEqual([KLEND_PROGRAM_ID, 1032]);
    const admin = upgradeAuthority.publicKey.toBase58();
    expect(await globalConfig()).toEqual({ globalAdmin: admin, pendingAdmin: admin, feeCollector: admin });
    const again = await h.simulate(initGlobalConfigInstruction({ payer: h.owner.publicKey }), [h.owner]);
    expect(again.err).toEqual({ InstructionError: [0, { Custom: 0 }] });
  });

  it("lets only the global admin set the fee collector and the pending admin", async () => {
    const collector = Keypair.generate().publicKey;
    const update = (signer: Keypair, mode: number, value: PublicKey) =>
      updateGlobalConfigInstruction({ globalAdmin: signer.publicKey, mode, value });
    await h.expectFailure(update(h.owner, UpdateGlobalConfigMode.FeeCollector, collector), [h.owner], "ConstraintHasOne");
    await h.send(update(upgradeAuthority, UpdateGlobalConfigMode.FeeCollector, collector), [upgradeAuthority]);
    expect((await globalConfig()).feeCollector).toBe(collector.toBase58());

    const unknownMode = updateGlobalConfigInstruction({ globalAdmin: upgradeAuthority.publicKey, mode: 2, value: collector });
    await h.expectFailure(unknownMode, [upgradeAuthority], "InstructionDidNotDeserialize");
  });

  it("hands the admin over in two steps: the pending admin accepts", async () => {
    const next = await h.fundedKeypair();
    await h.send(
      updateGlobalConfigInstruction({
        globalAdmin: upgradeAuthority.publicKey,
        mode: UpdateGlobalConfigMode.PendingAdmin,
        value: next.publicKey,
      }),
      [upgradeAuthority],
    );
    expect((await globalConfig()).pendingAdmin).toBe(next.publicKey.toBase58());
    expect((await globalConfig()).globalAdmin).toBe(upgradeAuthority.publicKey.toBase58());
    const stranger = await h.fundedKeypair();
    await h.expectFailure(updateGlobalConfigAdminInstruction({ pendingAdmin: stranger.publicKey }), [stranger], "ConstraintHasOne");
    await h.send(updateGlobalConfigAdminInstruction({ pendingAdmin: next.publicKey }), [next]);
    expect((await globalConfig()).globalAdmin).toBe(next.publicKey.toBase58());

    // Back to the upgrade authority for the tests below.
    await h.send(
      updateGlobalConfigInstruction({
        globalAdmin: next.publicKey,
        mode: UpdateGlobalConfigMode.PendingAdmin,
        value: upgradeAuthority.publicKey,
      }),
      [next],
    );
    await h.send(updateGlobalConfigAdminInstruction({ pendingAdmin: upgradeAuthority.publicKey }), [upgradeAuthority]);
    expect((await globalConfig()).globalAdmin).toBe(upgradeAuthority.publicKey.toBase58());
  });
});

describe("reserve-config modes of the global admin", () => {
  it("lets the global admin, not the owner, change the protocol's fees; the owner keeps the other modes", async () => {
    const u64 = (n: bigint) => lendingMarketValue.u64(n);
    const adminModes: [number, Uint8Array][] = [
      [UpdateConfigMode.UpdateProtocolTakeRate, Buffer.from([20])],
      [UpdateConfigMode.UpdateProtocolLiquidationFee, Buffer.from([30])],
      [UpdateConfigMode.UpdateFeesOriginationFee, u64(1n << 50n)],
      [UpdateConfigMode.UpdateFeesFlashLoanFee, u64(1n << 51n)],
      [UpdateConfigMode.UpdateHostFixedInterestRateBps, lendingMarketValue.u16(150)],
      [UpdateConfigMode.UpdateProtocolOrderExecutionFee, Buffer.from([40])],
    ];
    for (const [mode, value] of adminModes) {
      await h.expectFailure(reserveUpdate(h.owner, mode, value), [h.owner], "InvalidSigner");
      await h.send(reserveUpdate(upgradeAuthority, mode, value), [upgradeAuthority]);
    }
    const config = (await h.reserve(usdc.accounts.reserve)).config;
    expect([
      config.protocolTakeRatePct,
      config.protocolLiquidationFeePct,
      config.fees.originationFeeSf,
      config.fees.flashLoanFeeSf,
      config.hostFixedInterestRateBps,
      config.protocolOrderExecutionFeePct,
    ]).toEqual([20, 30, 1n << 50n, 1n << 51n, 150, 40]);

    await h.expectFailure(
      reserveUpdate(upgradeAuthority, UpdateConfigMode.UpdateLoanToValuePct, Buffer.from([60])),
      [upgradeAuthority],
      "InvalidSigner",
    );
    await h.send(reserveUpdate(h.owner, UpdateConfigMode.UpdateLoanToValuePct, Buffer.from([60])), [h.owner]);
    // Validated as every update: a take rate above 100% is refused.
    await h.expectFailure(
      reserveUpdate(upgradeAuthority, UpdateConfigMode.UpdateProtocolTakeRate, Buffer.from([101])),
      [upgradeAuthority],
      "InvalidConfig",
    );
  });

  it("on an immutable market accepts only the global admin's fee modes", async () => {
    await h.send(
      updateLendingMarketInstruction({
        lendingMarketOwner: h.owner.publicKey,
        lendingMarket: s.market,
        mode: UpdateLendingMarketMode.UpdateImmutableFlag,
        value: lendingMarketValue.u8(1),
      }),
      [h.owner],
    );
    await h.expectFailure(
      reserveUpdate(h.owner, UpdateConfigMode.UpdateLoanToValuePct, Buffer.from([50])),
      [h.owner],
      "OperationNotPermittedMarketImmutable",
    );
    await h.send(reserveUpdate(upgradeAuthority, UpdateConfigMode.UpdateProtocolTakeRate, Buffer.from([5])), [upgradeAuthority]);
    const config = (await h.reserve(usdc.accounts.reserve)).config;
    expect([config.protocolTakeRatePct, config.loanToValuePct]).toEqual([5, 60]);
  });
});
