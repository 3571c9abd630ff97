// kamino_harvest_reward on a ledger running the lending program, the market and the farms program: the Kamino bank's
// reserve gets a collateral farm with one reward, the bank's obligation (holding kamino_init_obligation's first
// deposit) is staked in it by the market's farm refresh, and what it earned is harvested for the global fee admin into
// the global fee wallet's ATA, exactly, by whoever sends it (as in marginfi, no account signs); any other destination
// is refused.
import { createAssociatedTokenAccountIdempotent, getAccount } from "@solana/spl-token";
import { Keypair, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FARMS_GLOBAL_CONFIG_SIZE,
  FARM_STATE_SIZE,
  ReserveFarmKind,
  addRewardsInstruction,
  createFarmsAccountInstruction,
  decodeUserState,
  farmUserStateAddress,
  farmsProgram,
  initFarmsForReserveInstruction,
  initObligationFarmsForReserveInstruction,
  initializeFarmsGlobalConfigInstruction,
  initializeRewardInstruction,
  marketProgram,
  refreshObligationFarmsForReserveInstruction,
  setRewardScheduleInstruction,
} from "@ballast/market";
import { ERRORS, decodeBank } from "@ballast/protocol";
import { TestMarket } from "../../../protocol/test/support/market.js";
import { INIT_OBLIGATION_DEPOSIT, addKaminoBank, createKaminoReserve, walletTokens } from "../support/kamino-market.js";
import { bankVaultAuthorityAddress, kaminoBankKeys, kaminoHarvestRewardInstruction } from "../../src/index.js";

const RATE = 1_000n;

let market: TestMarket;
let bank: PublicKey;
let lendingMarket: PublicKey;
let reserve: PublicKey;
let obligation: PublicKey;
let rewardMint: PublicKey;
let feeWalletAta: PublicKey;
let stakedAt: bigint;
const globalConfig = Keypair.generate();
const farm = Keypair.generate();

const tokens = async (key: PublicKey) => (await getAccount(market.connection, key, "confirmed")).amount;

async function createFarmsAccount(account: Keypair, space: number): Promise<void> {
  const lamports = await market.connection.getMinimumBalanceForRentExemption(space);
  await market.send(createFarmsAccountInstruction({ payer: market.admin.publicKey, account: account.publicKey, lamports, space }), [
    market.admin,
    account,
  ]);
}

async function harvestIx(feeWallet: PublicKey = market.feeWallet.publicKey) {
  return kaminoHarvestRewardInstruction({
    globalFeeWallet: feeWallet,
    bank,
    bankData: decodeBank((await market.connection.getAccountInfo(bank))!.data),
    farmState: farm.publicKey,
    farmsGlobalConfig: globalConfig.publicKey,
    rewardMint,
    rewardIndex: 0n,
  });
}

beforeAll(async () => {
  market = await TestMarket.start({ programs: [marketProgram(), farmsProgram()] });
  const admin = market.admin;
  const mint = await market.createMint(6);
  const feed = (await market.createOracle({ kind: "pyth", price: 1 }))!;
  ({ lendingMarket, reserve } = await createKaminoReserve(market, mint, feed));
  bank = await addKaminoBank(market, mint, feed, { lendingMarket, reserve });
  obligation = kaminoBankKeys(decodeBank((await market.connection.getAccountInfo(bank))!.data)).obligation;

  await createFarmsAccount(globalConfig, FARMS_GLOBAL_CONFIG_SIZE);
  await market.send(initializeFarmsGlobalConfigInstruction({ globalAdmin: admin.publicKey, globalConfig: globalConfig.publicKey }), [
    admin,
  ]);
  await createFarmsAccount(farm, FARM_STATE_SIZE);
  const farmParams = { lendingMarket, reserve, farmState: farm.publicKey, kind: ReserveFarmKind.Collateral };
  await market.send(
    initFarmsForReserveInstruction({ ...farmParams, lendingMarketOwner: admin.publicKey, farmsGlobalConfig: globalConfig.publicKey }),
    [admin],
  );
  rewardMint = await market.createMint(6);
  await market.send(
    initializeRewardInstruction({
      farmAdmin: admin.publicKey,
      farmState: farm.publicKey,
      globalConfig: globalConfig.publicKey,
      rewardMint,
    }),
    [admin],
  );
  const funding = await walletTokens(market, rewardMint, 1_000_000_000n);
  await market.send(
    [
      addRewardsInstruction({
        payer: admin.publicKey,
        farmState: farm.publicKey,
        rewardMint,
        payerRewardTokenAta: funding,
        amount: 1_000_000_000n,
        rewardIndex: 0n,
      }),
      setRewardScheduleInstruction({
        signer: admin.publicKey,
        farmState: farm.publicKey,
        rewardIndex: 0n,
        points: [{ tsStart: 0n, rewardPerTimeUnit: RATE }],
      }),
    ],
    [admin],
  );
  const vaultAuthority = bankVaultAuthorityAddress(bank, "liquidity");
  await market.send(
    [
      initObligationFarmsForReserveInstruction({ ...farmParams, obligation, payer: admin.publicKey, owner: vaultAuthority }),
      refreshObligationFarmsForReserveInstruction({ ...farmParams, obligation, crank: admin.publicKey }),
    ],
    [admin],
  );
  stakedAt = market.now();
  market.ledger.warpToTime(market.now());
  await createAssociatedTokenAccountIdempotent(market.connection, admin, rewardMint, vaultAuthority, {}, undefined, undefined, true);
  feeWalletAta = await walletTokens(market, rewardMint, 0n, market.feeWallet.publicKey);
});

afterAll(async () => {
  await market?.close();
});

describe("kamino_harvest_reward", () => {
  it("refuses a destination other than the global fee wallet's ATA (InvalidFeeAta)", async () => {
    market.advanceTime(60);
    const e = ERRORS.InvalidFeeAta;
    // The liquidity vault authority's own reward account (it exists) stands for any account not the fee wallet's ATA.
    const elsewhere = bankVaultAuthorityAddress(bank, "liquidity");
    await market.expectError(await harvestIx(elsewhere), [market.admin], e.code, "InvalidFeeAta", e.message);
  });

  it("may be sent by anyone, as in marginfi: the obligation's farm reward reaches the global fee wallet's ATA, the exact amount earned", async () => {
    // The obligation alone stakes its first deposit; the farm emits RATE per second since the stake. A wallet that is
    // not the global fee admin sends it: no account of the instruction signs.
    const stranger = Keypair.generate();
    await market.airdrop(stranger.publicKey, 1_000_000_000n);
    await market.send(await harvestIx(), [stranger]);
    const earned = (market.now() - stakedAt) * RATE;
    expect(earned).toBe(60_000n);
    expect(await tokens(feeWalletAta)).toBe(earned);
    const vaultAta = (await market.connection.getTokenAccountsByOwner(bankVaultAuthorityAddress(bank, "liquidity"), { mint: rewardMint }))
      .value;
    expect(await tokens(vaultAta[0]!.pubkey)).toBe(0n);
  });
});

describe("kamino_init_obligation over a reserve that already has a collateral farm", () => {
  it("opens the obligation's stake in the farm before the first deposit, which is staked from the start", async () => {
    const mint = await market.createMint(6);
    const feed = (await market.createOracle({ kind: "pyth", price: 1 }))!;
    const fixture = await createKaminoReserve(market, mint, feed);
    const farmedReserveFarm = Keypair.generate();
    await createFarmsAccount(farmedReserveFarm, FARM_STATE_SIZE);
    await market.send(
      initFarmsForReserveInstruction({
        lendingMarket: fixture.lendingMarket,
        reserve: fixture.reserve,
        farmState: farmedReserveFarm.publicKey,
        kind: ReserveFarmKind.Collateral,
        lendingMarketOwner: market.admin.publicKey,
        farmsGlobalConfig: globalConfig.publicKey,
      }),
      [market.admin],
    );

    const farmedBank = await addKaminoBank(market, mint, feed, fixture);

    const bankObligation = kaminoBankKeys(decodeBank((await market.connection.getAccountInfo(farmedBank))!.data)).obligation;
    const stake = await market.connection.getAccountInfo(farmUserStateAddress(farmedReserveFarm.publicKey, bankObligation), "confirmed");
    const user = decodeUserState(stake!.data);
    expect([user.delegatee, user.owner]).toEqual([
      bankObligation.toBase58(),
      bankVaultAuthorityAddress(farmedBank, "liquidity").toBase58(),
    ]);
    // The reserve's first cTokens are minted one for one, so the stake is the deposit.
    expect(user.activeStakeScaled).toBe(INIT_OBLIGATION_DEPOSIT);
  });
});
