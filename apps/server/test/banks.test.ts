// The banks API on both databases: the live list equals the SDK's BankDtos of the banks read directly, the stored list
// is empty before the bank-states job and equals the live one after it (also on a second server sharing the
// database), rates equal the SDK's bankRates with emissions priced by the group's banks, and emissions are listed
// with their APRs.
import { Keypair, PublicKey } from "@solana/web3.js";
import { AccountLayout, TOKEN_PROGRAM_ID, transfer } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankFlags, BankLayout, BankOperationalState, OracleSetup, i80f48 as fx } from "@ballast/protocol";
import { bankRates, emissionsRates, loadMarket, midPrice, toBankDto, toNumber, type BankDto, type Market } from "@ballast/sdk";
import { appointAdmins, mintTokens, setupEmissionsIx, type GroupAdmins } from "../../../packages/protocol/test/support/emissions-emode.js";
import { DEFAULT_BANK_CONFIG, PROGRAM, TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { compareAddresses } from "../src/chain/market.js";
import type { TokenMetadata } from "../src/config.js";
import { BANK_STATES_TTL_MS, storedBankStates } from "../src/jobs/bank-states.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, freshDatabase, startTestServer } from "./support/server.js";

const USDC_RATE = 100_000n; // GOV native units per UI USDC per year: 0.1 GOV ($0.25) per $1 → 25% APR
const GOV_RATE = 5_000_000n;
const BUDGET = 1_000_000_000n;
/** The servers' clock (unix seconds): 2026-01-01 00:00 UTC. */
const NOW = 1_767_225_600;
/** USDC native units sent into the USDC bank's insurance vault. */
const INSURANCE_FUNDING = 12_345_678n;

let market: TestMarket;
let admins: GroupAdmins;
let usdc: TestBank;
let sol: TestBank;
let gov: TestBank;
/** A bank the tests deposit into to move the chain, leaving the others' exact values alone. */
let spare: TestBank;
let banks: TestBank[];
let mover: TestUser;
let unpricedMint: string;
let tokens: TokenMetadata[];

/** Moves the clock, republishes the feeds (so prices stay fresh) and accrues every bank's interest. */
async function tick(seconds: number): Promise<void> {
  market.advanceTime(seconds);
  await market.setOracle(usdc.oracle!, { kind: "pyth", price: 1, conf: 0.001 });
  await market.setOracle(sol.oracle!, { kind: "switchboard", price: 150 });
  await market.send(
    banks.map((b) => market.accrueIx(b)),
    [market.admin],
  );
}

beforeAll(async () => {
  market = await TestMarket.start({ programFeeRate: "0.02" });
  admins = await appointAdmins(market);
  usdc = await market.addBank(
    6,
    { kind: "pyth", price: 1, conf: 0.001 },
    { interest: { ...DEFAULT_BANK_CONFIG.interest, insuranceIrFee: "0.1", protocolFixedFeeApr: "0.01" } },
  );
  sol = await market.addBank(9, { kind: "switchboard", price: 150 });
  gov = await market.addBank(6, { kind: "fixed", price: "2.5" });
  spare = await market.addBank(6, { kind: "fixed", price: "1" });
  banks = [usdc, sol, gov, spare];
  tokens = [{ mint: usdc.mint.toBase58(), symbol: "USDC", name: "USD Coin" }];

  const lender = await market.newUser();
  await market.deposit(lender, usdc, 1_000_000_000n);
  await market.deposit(lender, gov, 500_000_000n);
  mover = await market.newUser();
  const borrower = await market.newUser();
  await market.deposit(borrower, sol, 10_000_000_000n);
  await market.borrow(borrower, usdc, 400_000_000n, banks);
  await market.borrow(borrower, gov, 100_000_000n, banks);

  // USDC lenders earn GOV, which the group prices; GOV borrowers earn a token no bank prices.
  const govFunding = await mintTokens(market, gov.mint, admins.emissions.publicKey, BUDGET);
  await market.send(
    setupEmissionsIx(market, usdc, admins.emissions.publicKey, gov.mint, govFunding, {
      flags: BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE,
      rate: USDC_RATE,
      total: BUDGET,
    }),
    [admins.emissions],
  );
  const unpriced = await market.createMint(6);
  unpricedMint = unpriced.toBase58();
  const unpricedFunding = await mintTokens(market, unpriced, admins.emissions.publicKey, BUDGET);
  await market.send(
    setupEmissionsIx(market, gov, admins.emissions.publicKey, unpriced, unpricedFunding, {
      flags: BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE,
      rate: GOV_RATE,
      total: BUDGET,
    }),
    [admins.emissions],
  );
  // The insurance fund is whatever the insurance vault holds: anyone may top it up with a plain token transfer.
  const donor = await market.newUser();
  const donorTokens = await market.fund(donor, usdc, INSURANCE_FUNDING);
  market.ledger.warpToTime(market.now());
  await transfer(market.connection, market.admin, donorTokens, usdc.vaults.insurance, donor.wallet, INSURANCE_FUNDING);
  await tick(3_600);
});
afterAll(async () => {
  await market.close();
});

async function snapshot(): Promise<Market> {
  return loadMarket(market.connection, { programId: PROGRAM.toBase58(), group: market.group.toBase58() });
}

/** The SDK's BankDtos of the group's banks read straight from the ledger, ordered by address. */
async function expectedDtos(): Promise<BankDto[]> {
  const read = await snapshot();
  const listed = [...read.banks.values()].filter((p) => p.bank.config.operationalState !== BankOperationalState.KilledByBankruptcy);
  const vaults = await market.connection.getMultipleAccountsInfo(listed.map((p) => new PublicKey(p.bank.insuranceVault)));
  return listed
    .map((p, i) => {
      const vault = vaults[i];
      const known = tokens.find((t) => t.mint === p.bank.mint);
      const price = midPrice(p.price);
      return toBankDto(p.address, p.bank, {
        symbol: known?.symbol ?? p.bank.mint.slice(0, 4).toUpperCase(),
        name: known?.name ?? `Token ${p.bank.mint.slice(0, 4)}…${p.bank.mint.slice(-4)}`,
        tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
        usdPrice: price === null ? null : toNumber(price),
        lstApy: null,
        insuranceVaultBalance: vault ? AccountLayout.decode(vault.data).amount : null,
      });
    })
    .sort((a, b) => compareAddresses(a.bank_address, b.bank_address));
}

describe.each(DIALECTS)("on %s", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: RunningServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(market, { database, config: { tokens }, now: () => NOW });
  });
  afterAll(async () => {
    await server.close();
  });

  it("GET /api/banks/rpc lists every bank of the group as the SDK's BankDto, ordered by address", async () => {
    const { status, body, headers } = await api<BankDto[]>(server, "GET", "/api/banks/rpc");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    const expected = await expectedDtos();
    expect(body).toEqual(expected);
    expect(body.map((b) => b.bank_address)).toEqual(banks.map((b) => b.key.toBase58()).sort(compareAddresses));

    const byAddress = new Map(body.map((b) => [b.bank_address, b]));
    const usdcDto = byAddress.get(usdc.key.toBase58())!;
    expect(usdcDto).toMatchObject({
      group_address: market.group.toBase58(),
      mint: usdc.mint.toBase58(),
      symbol: "USDC",
      name: "USD Coin",
      mint_decimals: 6,
      token_program_address: TOKEN_PROGRAM_ID.toBase58(),
      usd_price: 1,
      lst_apy: null,
      oracle_setup: OracleSetup.PythPushOracle,
      oracle_keys: [usdc.oracle!.toBase58(), ...Array(4).fill("11111111111111111111111111111111")],
      emissions_mint: gov.mint.toBase58(),
      emissions_rate: "100000",
      emissions_remaining: "1000000000",
      total_asset_shares: "1000000000",
      total_liability_shares: "400000000",
      insurance_ir_fee: fx.toDecimal(fx.fromDecimal("0.1")),
      insurance_vault: usdc.vaults.insurance.toBase58(),
      insurance_vault_balance: INSURANCE_FUNDING.toString(),
    });
    // An hour of interest at 40% utilization: both share values have grown past 1.
    expect(Number(usdcDto.asset_share_value)).toBeGreaterThan(1);
    expect(Number(usdcDto.liability_share_value)).toBeGreaterThan(Number(usdcDto.asset_share_value));
    const solMint = sol.mint.toBase58();
    expect(byAddress.get(sol.key.toBase58())).toMatchObject({
      symbol: solMint.slice(0, 4).toUpperCase(),
      name: `Token ${solMint.slice(0, 4)}…${solMint.slice(-4)}`,
      mint_decimals: 9,
      usd_price: 150,
      oracle_setup: OracleSetup.SwitchboardPull,
      total_asset_shares: "10000000000",
      total_liability_shares: "0",
      emissions_mint: "11111111111111111111111111111111",
      insurance_vault_balance: "0",
    });
    expect(byAddress.get(gov.key.toBase58())).toMatchObject({
      usd_price: 2.5,
      oracle_setup: OracleSetup.Fixed,
      emissions_mint: unpricedMint,
    });
  });

  it("GET /api/banks/db is [] before the bank-states job and the live list after it, served as stored JSON", async () => {
    const before = await api(server, "GET", "/api/banks/db");
    expect(before.status).toBe(200);
    expect(before.body).toEqual([]);
    expect(before.headers.get("content-type")).toMatch(/^application\/json/);

    expect(await server.jobs.bankStates.run()).toEqual({ banks: 4 });
    const rpc = await api(server, "GET", "/api/banks/rpc");
    const db = await api(server, "GET", "/api/banks/db");
    expect(db.status).toBe(200);
    expect(db.headers.get("content-type")).toMatch(/^application\/json/);
    expect(db.body).toEqual(rpc.body);
    expect(db.body).toEqual(await expectedDtos());
    const rows = await server.context.db.selectFrom("bank_states").selectAll().orderBy("bank").execute();
    expect(rows.map((r) => r.bank).sort(compareAddresses)).toEqual(banks.map((b) => b.key.toBase58()).sort(compareAddresses));
    expect(rows.map((r) => r.updated_at)).toEqual([NOW, NOW, NOW, NOW]);
  });

  it("keeps serving the stored list while the chain moves, until the next run stores the new state", async () => {
    await server.jobs.bankStates.run();
    const stored = (await api<BankDto[]>(server, "GET", "/api/banks/db")).body;
    await market.deposit(mover, spare, 1_000_000n);
    const live = (await api<BankDto[]>(server, "GET", "/api/banks/rpc")).body;
    expect(live).not.toEqual(stored);
    const spareLive = live.find((b) => b.bank_address === spare.key.toBase58())!;
    const spareStored = stored.find((b) => b.bank_address === spare.key.toBase58())!;
    expect(BigInt(spareLive.total_asset_shares) - BigInt(spareStored.total_asset_shares)).toBe(1_000_000n);
    expect((await api(server, "GET", "/api/banks/db")).body).toEqual(stored);

    await server.jobs.bankStates.run();
    expect((await api(server, "GET", "/api/banks/db")).body).toEqual(live);
  });

  it("another server on the same database serves what the job stored, and sees a later run within the TTL", async () => {
    await server.jobs.bankStates.run();
    const other = await startTestServer(market, { database, config: { tokens } });
    try {
      const stored = (await api(server, "GET", "/api/banks/db")).body;
      expect((await api(other, "GET", "/api/banks/db")).body).toEqual(stored);

      await market.deposit(mover, spare, 1_000_000n);
      // The first server reads the table now, then the other server stores the new state.
      storedBankStates(server.context).invalidate();
      const readAt = Date.now();
      expect((await api(server, "GET", "/api/banks/db")).body).toEqual(stored);
      await other.jobs.bankStates.run();
      const fresh = (await api(other, "GET", "/api/banks/db")).body;
      expect(fresh).not.toEqual(stored);
      expect(fresh).toEqual(await expectedDtos());
      // Within the TTL the first server still answers from memory; after it, it reads the table again.
      const cached = (await api(server, "GET", "/api/banks/db")).body;
      if (Date.now() - readAt < BANK_STATES_TTL_MS) expect(cached).toEqual(stored);
      await new Promise((resolve) => setTimeout(resolve, BANK_STATES_TTL_MS + 50));
      expect((await api(server, "GET", "/api/banks/db")).body).toEqual(fresh);
    } finally {
      await other.close();
    }
  });

  it("drops a closed bank from the stored list and does not list a bank killed by bankruptcy", async () => {
    const closing = await market.addBank(6, { kind: "fixed", price: "1" });
    const killed = await market.addBank(6, { kind: "fixed", price: "1" });
    const data = market.ledger.getAccount(killed.key.toBase58())!.data;
    BankLayout.fields.config.fields.operationalState.set(data, BankOperationalState.KilledByBankruptcy);
    try {
      await server.jobs.bankStates.run();
      const listed = (await api<BankDto[]>(server, "GET", "/api/banks/db")).body.map((b) => b.bank_address);
      expect(listed).toContain(closing.key.toBase58());
      expect(listed).not.toContain(killed.key.toBase58());
      expect((await api<BankDto[]>(server, "GET", "/api/banks/rpc")).body.map((b) => b.bank_address)).toEqual(listed);

      await market.send(market.closeBankIx(closing), [market.admin]);
      expect(await server.jobs.bankStates.run()).toEqual({ banks: 4 });
      const after = (await api<BankDto[]>(server, "GET", "/api/banks/db")).body;
      expect(after.map((b) => b.bank_address)).toEqual(banks.map((b) => b.key.toBase58()).sort(compareAddresses));
      expect(after).toEqual(await expectedDtos());
    } finally {
      // Closed too, so the rest of the file (and the other dialect) sees the four banks it set up.
      BankLayout.fields.config.fields.operationalState.set(data, BankOperationalState.Operational);
      await market.send(market.closeBankIx(killed), [market.admin]);
    }
  });

  it("GET /api/rates gives every bank the SDK's bankRates, with emissions priced by the group's banks", async () => {
    const { status, body } = await api(server, "GET", "/api/rates");
    expect(status).toBe(200);
    const read = await snapshot();
    const govPrice = midPrice(read.banks.get(gov.key.toBase58())!.price)!;
    expect(Object.keys(body).sort()).toEqual([...read.banks.keys()].sort());
    for (const priced of read.banks.values()) {
      const price = midPrice(priced.price);
      const emissions =
        priced.address === usdc.key.toBase58() && price !== null
          ? emissionsRates(priced.bank, { decimals: 6, price: govPrice }, price)
          : undefined;
      const rates = bankRates(priced, { emissions });
      expect(body[priced.address]).toEqual({
        bankAddress: priced.address,
        mint: priced.bank.mint,
        totalLendingRate: toNumber(rates.totalLendingRate),
        totalBorrowingRate: toNumber(rates.totalBorrowingRate),
        lendingRate: toNumber(rates.lendingRate),
        borrowingRate: toNumber(rates.borrowingRate),
        lstRate: 0,
        emissionsLendingRate: toNumber(rates.emissionsLendingRate),
        emissionsBorrowRate: toNumber(rates.emissionsBorrowRate),
        campaigns: [],
        pointsBoost: null,
      });
    }
    const usdcRates = body[usdc.key.toBase58()];
    // 0.1 GOV a year per USDC, GOV at $2.50, USDC at $1.
    expect(usdcRates.emissionsLendingRate).toBeCloseTo(0.25, 12);
    expect(usdcRates.emissionsBorrowRate).toBe(0);
    expect(usdcRates.lendingRate).toBeGreaterThan(0);
    expect(usdcRates.borrowingRate).toBeGreaterThan(usdcRates.lendingRate);
    expect(usdcRates.totalLendingRate).toBeCloseTo(usdcRates.lendingRate + 0.25, 12);
    // GOV's borrowers earn a token the group cannot price: no emissions APR.
    expect(body[gov.key.toBase58()].emissionsBorrowRate).toBe(0);
    expect(body[gov.key.toBase58()].totalBorrowingRate).toBe(body[gov.key.toBase58()].borrowingRate);
    expect(body[sol.key.toBase58()]).toMatchObject({ lendingRate: 0, emissionsLendingRate: 0, emissionsBorrowRate: 0 });
  });

  it("GET /api/emissions lists the banks with emissions: reward mint, rate, remaining, active sides and APR", async () => {
    const { status, body } = await api(server, "GET", "/api/emissions");
    expect(status).toBe(200);
    const read = await snapshot();
    const usdcBank = read.banks.get(usdc.key.toBase58())!.bank;
    const govBank = read.banks.get(gov.key.toBase58())!.bank;
    const govPrice = midPrice(read.banks.get(gov.key.toBase58())!.price)!;
    const usdcApr = emissionsRates(
      usdcBank,
      { decimals: 6, price: govPrice },
      midPrice(read.banks.get(usdc.key.toBase58())!.price)!,
    ).lending;
    expect(body).toEqual({
      [usdc.key.toBase58()]: {
        bankAddress: usdc.key.toBase58(),
        bankMint: usdc.mint.toBase58(),
        emissionsMint: gov.mint.toBase58(),
        emissionsRate: "100000",
        emissionsRemaining: fx.toDecimal(usdcBank.emissionsRemaining),
        lending: true,
        borrowing: false,
        apr: toNumber(usdcApr),
      },
      [gov.key.toBase58()]: {
        bankAddress: gov.key.toBase58(),
        bankMint: gov.mint.toBase58(),
        emissionsMint: unpricedMint,
        emissionsRate: "5000000",
        emissionsRemaining: fx.toDecimal(govBank.emissionsRemaining),
        lending: false,
        borrowing: true,
        apr: null,
      },
    });
    expect(body[usdc.key.toBase58()].apr).toBeCloseTo(0.25, 12);
    expect(BigInt(body[gov.key.toBase58()].emissionsRemaining)).toBe(BUDGET);
  });

  it("answers 502 when the ledger cannot be read", async () => {
    const offline = await startTestServer(market, { dialect, config: { rpcUrl: "http://127.0.0.1:9" } });
    try {
      for (const path of ["/api/banks/rpc", "/api/rates", "/api/emissions"]) {
        const { status, body } = await api(offline, "GET", path);
        expect(status).toBe(502);
        expect(body.success).toBe(false);
        expect(body.error).toMatch(/^Failed to load the market from the ledger: /);
      }
      const unknown = Keypair.generate().publicKey.toBase58();
      expect((await api(offline, "GET", `/api/banks/db/${unknown}/historic/1d`)).status).toBe(502);
      expect(await api(offline, "GET", "/api/banks/db")).toMatchObject({ status: 200, body: [] });
    } finally {
      await offline.close();
    }
  });
});
