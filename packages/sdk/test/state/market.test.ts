// State loading against a live ledger over RPC: group, banks, both oracle formats and a fixed price, margin accounts
// and wallet balances.
import { MARGINFI_PROGRAM_ID, i80f48 as fx } from "@ballast/protocol";
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket, type TestBank, type TestUser } from "../../../protocol/test/support/market.js";
import { isOracleFailure, type PriceLeg } from "../../src/math/price.js";
import { fetchBanks } from "../../src/state/banks.js";
import { fetchMarginAccount } from "../../src/state/margin-accounts.js";
import { chainTime, loadMarket, type Market } from "../../src/state/market.js";
import { oracleTimestamp } from "../../src/state/oracle-prices.js";
import { fetchWalletBalances, walletFunds } from "../../src/state/wallet-balances.js";

const leg = (value: PriceLeg | object): PriceLeg => {
  if (isOracleFailure(value as PriceLeg)) throw new Error("expected a price");
  return value as PriceLeg;
};

describe("market state over RPC", () => {
  let market: TestMarket;
  let pyth: TestBank;
  let switchboard: TestBank;
  let fixedBank: TestBank;
  let user: TestUser;
  let snapshot: Market;
  const config = () => ({ programId: MARGINFI_PROGRAM_ID, group: market.group.toBase58() });

  beforeAll(async () => {
    market = await TestMarket.start();
    pyth = await market.addBank(9, { kind: "pyth", price: 150, conf: 1, emaPrice: 149, emaConf: 0.5 });
    switchboard = await market.addBank(6, { kind: "switchboard", price: 1, stdDev: 0.001 });
    fixedBank = await market.addBank(6, { kind: "fixed", price: "2.5" });
    // Another group's bank must not show up.
    const other = await market.createGroup();
    await market.addBank(6, { kind: "fixed", price: "1" }, {}, { group: other });
    user = await market.newUser();
    await market.deposit(user, pyth, 2_000_000_000n);
    await market.fund(user, switchboard, 5_000_000n);
    snapshot = await loadMarket(market.connection, config());
  }, 300_000);

  afterAll(async () => {
    await market?.close();
  });

  it("loads the group's banks and prices them at the chain's time", async () => {
    expect(snapshot.now).toBe(market.now());
    expect(await chainTime(market.connection)).toBe(market.now());
    expect(snapshot.group.admin).toBe(market.admin.publicKey.toBase58());
    expect([...snapshot.banks.keys()].sort()).toEqual([pyth, switchboard, fixedBank].map((b) => b.key.toBase58()).sort());
    const pythPrice = snapshot.banks.get(pyth.key.toBase58())!.price;
    expect(leg(pythPrice.realTime).price).toBe(fx.fromInt(150));
    expect(leg(pythPrice.realTime).confidence).toBe(fx.fromDecimal("2.12"));
    expect(leg(pythPrice.timeWeighted).price).toBe(fx.fromInt(149));
    const sbPrice = snapshot.banks.get(switchboard.key.toBase58())!.price;
    expect(leg(sbPrice.realTime).price).toBe(fx.ONE);
    expect(Number(leg(sbPrice.realTime).confidence) / 2 ** 48).toBeCloseTo(0.00196, 12);
    expect(leg(snapshot.banks.get(fixedBank.key.toBase58())!.price.realTime).price).toBe(fx.fromDecimal("2.5"));
    expect(snapshot.banks.get(pyth.key.toBase58())!.totalAssets).toBe(fx.fromInt(2_000_000_000));
  });

  it("judges staleness at the given time", async () => {
    const later = await loadMarket(market.connection, config(), market.now() + 101n);
    expect(later.banks.get(pyth.key.toBase58())!.price.realTime).toMatchObject({ code: 6050, stage: "load" });
    expect(later.banks.get(switchboard.key.toBase58())!.price.realTime).toMatchObject({ code: 6049, stage: "load" });
    expect(isOracleFailure(later.banks.get(fixedBank.key.toBase58())!.price.realTime)).toBe(false);
  });

  it("reads banks by address and reports a missing one", async () => {
    const banks = await fetchBanks(market.connection, [fixedBank.key.toBase58(), pyth.key.toBase58()]);
    expect(banks.map((b) => b.address)).toEqual([fixedBank.key.toBase58(), pyth.key.toBase58()]);
    const missing = Keypair.generate().publicKey.toBase58();
    await expect(fetchBanks(market.connection, [missing])).rejects.toThrow(`Bank ${missing} not found`);
  });

  it("reads the oracle's publish time", async () => {
    const bank = snapshot.banks.get(pyth.key.toBase58())!.bank;
    const info = await market.connection.getAccountInfo(pyth.oracle!);
    expect(oracleTimestamp(bank, info)).toBe(market.now());
    expect(oracleTimestamp(snapshot.banks.get(fixedBank.key.toBase58())!.bank, null)).toBeNull();
  });

  it("reads a margin account and reports a missing one", async () => {
    const { account } = await fetchMarginAccount(market.connection, user.account.toBase58());
    expect(account.authority).toBe(user.wallet.publicKey.toBase58());
    await expect(fetchMarginAccount(market.connection, Keypair.generate().publicKey.toBase58())).rejects.toThrow("Account not found");
  });

  it("reads wallet balances in the spec's shape", async () => {
    const tokens = [pyth, switchboard, fixedBank].map((b) => ({
      mint: b.mint.toBase58(),
      decimals: b.decimals,
      tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
    }));
    const balances = await fetchWalletBalances(market.connection, user.wallet.publicKey.toBase58(), tokens);
    const lamports = await market.connection.getBalance(user.wallet.publicKey);
    expect(balances.nativeSolBalance).toBe(lamports / 1e9);
    expect(balances.ataList).toEqual([
      { mint: pyth.mint.toBase58(), balance: "0", uiBalance: 0, decimals: 9, isCreated: true, tokenProgram: TOKEN_PROGRAM_ID.toBase58() },
      {
        mint: switchboard.mint.toBase58(),
        balance: "5000000",
        uiBalance: 5,
        decimals: 6,
        isCreated: true,
        tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
      },
      {
        mint: fixedBank.mint.toBase58(),
        balance: "0",
        uiBalance: 0,
        decimals: 6,
        isCreated: false,
        tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
      },
    ]);
    expect(walletFunds(balances, switchboard.mint.toBase58())).toEqual({ token: 5_000_000n, nativeSol: BigInt(lamports) });
    expect(walletFunds(balances, "So11111111111111111111111111111111111111112").token).toBe(0n);
    const nobody = await fetchWalletBalances(market.connection, Keypair.generate().publicKey.toBase58(), tokens.slice(0, 1));
    expect(nobody).toEqual({ nativeSolBalance: 0, ataList: [{ ...balances.ataList[0], isCreated: false }] });
  });
});
