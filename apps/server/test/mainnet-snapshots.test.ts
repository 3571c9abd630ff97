// Real mainnet state on the local chain: the PYUSD bank of 2024-08-22, its Token-2022 mint, its group and the SOL
// Pyth feed, loaded from ../shared/fixtures by the ledger's account flags into a fresh ledger, then read back through
// the SDK and served by the API with every value expected.json states for them.
import { writeFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Connection, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAccountSources, startLocalnet, type Localnet } from "@ballast/ledger";
import { MARGINFI_PROGRAM_ID, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { decodePriceUpdateV2 } from "@ballast/oracles";
import { loadMarket, type BanksReply, type Market } from "@ballast/sdk";
import { FIXTURES_DIR, loadExpected, type ExpectedValue } from "../../../packages/protocol/test/support/fixtures.js";
import { startServer, type RunningServer } from "../src/server.js";
import { api, freshDatabase, quietServerConfig } from "./support/server.js";

const fixture = (name: string) => join(fileURLToPath(FIXTURES_DIR), name);
const expected = loadExpected();
const BANK = expected["bank_pyusd_230822.json"]!;
const GROUP = expected["mainnet_group.json"]!.address;
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";

const scratch = mkdtempSync(join(tmpdir(), "ballast-snapshots-"));
let net: Localnet;
let market: Market;
let server: RunningServer;

beforeAll(async () => {
  // The group snapshot's owner was rewritten to marginfi's localnet id; on mainnet it is the program's, as here.
  // (Rewritten in the text: a JSON round trip would lose the exact u64::MAX rent epoch.)
  const groupFixture = expected["mainnet_group.json"]!;
  const groupFile = join(scratch, "group.json");
  writeFileSync(
    groupFile,
    readFileSync(fixture("mainnet_group.json"), "utf8").replace(`"${groupFixture.owner}"`, `"${MARGINFI_PROGRAM_ID}"`),
  );
  const accounts = await loadAccountSources({
    dirs: [],
    files: [
      { address: "-", file: fixture("bank_pyusd_230822.json") },
      { address: "-", file: fixture("pyUSD.json") },
      { address: "-", file: fixture("sol_pyth_price_feed.json") },
      { address: "-", file: groupFile },
    ],
    clones: [],
    url: null,
  });
  net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 0, accounts });
  market = await loadMarket(new Connection(net.rpc.url, "confirmed"), { programId: MARGINFI_PROGRAM_ID, group: GROUP });
  server = await startServer(quietServerConfig(net.rpc.url, MARGINFI_PROGRAM_ID, GROUP, await freshDatabase("sqlite")));
});

afterAll(async () => {
  await server?.close();
  await net?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const value = (path: string): ExpectedValue => {
  const v = BANK.values[path];
  if (!v) throw new Error(`expected.json has no ${path}`);
  return v;
};
/** An I80F48 as the fixture states it: its raw bits. */
const bits = (path: string): I80F48 => BigInt(value(path).bits!) as I80F48;

/** Fixture paths and the BankDto field each is served as. */
const SERVED = {
  mint: "mint",
  mint_decimals: "mint_decimals",
  group: "group_address",
  liquidity_vault: "liquidity_vault",
  liquidity_vault_bump: "liquidity_vault_bump",
  liquidity_vault_authority_bump: "liquidity_vault_authority_bump",
  insurance_vault: "insurance_vault",
  insurance_vault_bump: "insurance_vault_bump",
  insurance_vault_authority_bump: "insurance_vault_authority_bump",
  fee_vault: "fee_vault",
  fee_vault_bump: "fee_vault_bump",
  fee_vault_authority_bump: "fee_vault_authority_bump",
  total_asset_shares: "total_asset_shares",
  total_liability_shares: "total_liability_shares",
  asset_share_value: "asset_share_value",
  liability_share_value: "liability_share_value",
  collected_insurance_fees_outstanding: "collected_insurance_fees_outstanding",
  collected_group_fees_outstanding: "collected_group_fees_outstanding",
  last_update: "last_update",
  "config.asset_weight_init": "asset_weight_init",
  "config.asset_weight_maint": "asset_weight_maint",
  "config.liability_weight_init": "liability_weight_init",
  "config.liability_weight_maint": "liability_weight_maint",
  "config.deposit_limit": "deposit_limit",
  "config.borrow_limit": "borrow_limit",
  "config.risk_tier": "risk_tier",
  "config.asset_tag": "asset_tag",
  "config.total_asset_value_init_limit": "total_asset_value_init_limit",
  "config.operational_state": "operational_state",
  "config.oracle_setup": "oracle_setup",
  "config.oracle_max_age": "oracle_max_age",
  "config.interest_rate_config.optimal_utilization_rate": "optimal_utilization_rate",
  "config.interest_rate_config.plateau_interest_rate": "plateau_interest_rate",
  "config.interest_rate_config.max_interest_rate": "max_interest_rate",
} as const;

/** The fixture's value as the API writes it: I80F48 as the SDK's exact decimal, amounts as strings, times as numbers. */
function served(expectation: ExpectedValue): unknown {
  if (expectation.type === "I80F48") return fx.toDecimal(BigInt(expectation.bits!) as I80F48);
  if (expectation.type === "i64") return Number(expectation.value);
  return expectation.value;
}

describe("mainnet snapshots loaded into a fresh ledger", () => {
  it("the SDK reads the PYUSD bank with the fixture's values, and its Token-2022 mint", () => {
    const bank = market.banks.get(BANK.address)!.bank;
    expect(bank.mint).toBe(value("mint").value);
    expect(bank.mintDecimals).toBe(6);
    expect(bank.group).toBe(GROUP);
    expect(bank.assetShareValue).toBe(bits("asset_share_value"));
    expect(bank.liabilityShareValue).toBe(bits("liability_share_value"));
    expect(bank.totalAssetShares).toBe(bits("total_asset_shares"));
    expect(bank.totalLiabilityShares).toBe(bits("total_liability_shares"));
    expect(bank.config.assetWeightInit).toBe(bits("config.asset_weight_init"));
    expect(bank.config.liabilityWeightMaint).toBe(bits("config.liability_weight_maint"));
    expect(bank.config.depositLimit).toBe(BigInt(value("config.deposit_limit").value));
    expect(bank.config.oracleKeys[0]).toBe(value("config.oracle_keys[0]").value);
    expect([...market.banks.keys()]).toEqual([BANK.address]);
  });

  it("serves the SOL feed's bytes, which decode to the fixture's price", async () => {
    const feed = expected["sol_pyth_price_feed.json"]!;
    const info = await new Connection(net.rpc.url).getAccountInfo(new PublicKey(feed.address));
    const decoded = decodePriceUpdateV2(info!.data);
    const stated = (path: string) => feed.values[path]!.value;
    expect(decoded.priceMessage.price).toBe(BigInt(stated("price_message.price")));
    expect(decoded.priceMessage.conf).toBe(BigInt(stated("price_message.conf")));
    expect(decoded.priceMessage.exponent).toBe(stated("price_message.exponent"));
    expect(decoded.priceMessage.emaPrice).toBe(BigInt(stated("price_message.ema_price")));
  });

  it.each(["/api/banks/rpc", "/api/banks/db"])("%s serves the bank with every value the fixture states, on Token-2022", async (path) => {
    // The stored list is the bank-states job's: one run stores what the chain holds.
    await server.jobs.bankStates.run();
    const { status, body } = await api<BanksReply>(server, "GET", path);
    expect(status).toBe(200);
    const dto = body.find((b) => b.bank_address === BANK.address) as unknown as Record<string, unknown>;
    expect(dto).toBeDefined();
    expect(dto.token_program_address).toBe(TOKEN_2022);
    // PYUSD's own feed (E3ia…) is not among the snapshots: the bank is served without a price.
    expect(dto.usd_price).toBeNull();
    for (const [stated, field] of Object.entries(SERVED)) expect([stated, dto[field]]).toEqual([stated, served(value(stated))]);
  });
});
