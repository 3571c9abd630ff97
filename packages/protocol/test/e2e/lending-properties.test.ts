// Property test over the real ledger: random sequences of deposits, withdrawals, borrows, repayments, price moves
// and interest accrual across several banks and accounts. After every step each bank's vault identity holds, a
// failed transaction left every account as it was, and a successful borrow or withdraw left the account meeting
// its Initial requirement.
import { PublicKey, Transaction, type TransactionInstruction, type Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../../ledger/test/support/random.js";
import { i80f48, type Bank } from "../../src/index.js";
import { TestMarket, type OracleSpec, type TestBank, type TestUser } from "../support/market.js";

const SEED = 20261123;
const STEPS = 90;

interface Asset {
  bank: TestBank;
  spec: OracleSpec & { price: number };
  /** Native units of one token. */
  unit: bigint;
}

let market: TestMarket;
let assets: Asset[];
let users: TestUser[];
const tokenAccounts = new Map<string, PublicKey>();

const key = (user: TestUser, asset: Asset) => `${user.account.toBase58()}:${asset.bank.key.toBase58()}`;

beforeAll(async () => {
  market = await TestMarket.start({ programFeeRate: "0.05", programFeeFixed: "0.001" });
  const fees = { insuranceIrFee: "0.05", protocolIrFee: "0.1", protocolFixedFeeApr: "0.01", protocolOriginationFee: "0.005" };
  const sol: Asset = {
    bank: await market.addBank(9, { kind: "pyth", price: 10, conf: 0.01 }, { assetWeightInit: "0.8", assetWeightMaint: "0.9" }),
    spec: { kind: "pyth", price: 10, conf: 0.01 },
    unit: 1_000_000_000n,
  };
  const usdcBank = await market.addBank(
    6,
    { kind: "switchboard", price: 1, stdDev: 0.001 },
    {
      assetWeightInit: "0.9",
      assetWeightMaint: "0.95",
      liabilityWeightInit: "1.1",
      liabilityWeightMaint: "1.05",
    },
  );
  await market.configureBank(usdcBank, { interest: fees });
  const usdc: Asset = { bank: usdcBank, spec: { kind: "switchboard", price: 1, stdDev: 0.001 }, unit: 1_000_000n };
  const btc: Asset = {
    bank: await market.addBank(8, { kind: "pyth", price: 50_000, conf: 20 }, { assetWeightInit: "0.7", assetWeightMaint: "0.8" }),
    spec: { kind: "pyth", price: 50_000, conf: 20 },
    unit: 100_000_000n,
  };
  assets = [sol, usdc, btc];
  users = [];
  for (let i = 0; i < 4; i++) {
    const user = await market.newUser();
    users.push(user);
    for (const asset of assets) tokenAccounts.set(key(user, asset), await market.fund(user, asset.bank, 1_000n * asset.unit));
  }
});
afterAll(() => market.close());

/** Every account a step can touch, as raw bytes. */
async function snapshot(): Promise<Map<string, string>> {
  const keys = [
    ...assets.flatMap((a) => [a.bank.key, a.bank.vaults.liquidity, a.bank.vaults.insurance, a.bank.vaults.fee]),
    ...users.map((u) => u.account),
    ...tokenAccounts.values(),
  ];
  const infos = await market.connection.getMultipleAccountsInfo(keys);
  return new Map(keys.map((k, i) => [k.toBase58(), infos[i]!.data.toString("hex")]));
}

/** Lands the transaction even when it fails (no preflight), and reports the on-chain error. */
async function land(instructions: TransactionInstruction[], signer: Keypair): Promise<unknown> {
  market.ledger.warpToTime(market.now());
  const tx = new Transaction().add(...instructions);
  tx.recentBlockhash = (await market.connection.getLatestBlockhash()).blockhash;
  tx.feePayer = signer.publicKey;
  tx.sign(signer);
  const signature = await market.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
  await market.connection.confirmTransaction(signature, "confirmed");
  const landed = await market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  return landed!.meta!.err;
}

function vaultIdentityGap(bank: Bank, vault: bigint): bigint {
  const assetsAmount = i80f48.mul(bank.totalAssetShares, bank.assetShareValue);
  const liabilities = i80f48.mul(bank.totalLiabilityShares, bank.liabilityShareValue);
  const fees = i80f48.add(
    i80f48.add(bank.collectedInsuranceFeesOutstanding, bank.collectedGroupFeesOutstanding),
    bank.collectedProgramFeesOutstanding,
  );
  const left = i80f48.sub(i80f48.fromInt(vault), fees);
  const right = i80f48.sub(assetsAmount, liabilities);
  return i80f48.toIntCeil(i80f48.abs(i80f48.sub(left, right)));
}

describe("random sequences of lending actions", () => {
  it(`keeps the vault identity, atomic failures and Initial health over ${STEPS} steps (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    const amount = (asset: Asset, maxTokens: number) => BigInt(Math.floor(random() * maxTokens * Number(asset.unit))) + 1n;
    const banks = assets.map((a) => a.bank);
    const outcomes = { ok: 0, failed: 0 };

    for (let step = 0; step < STEPS; step++) {
      const user = pick(users);
      const asset = pick(assets);
      const tokens = tokenAccounts.get(key(user, asset))!;
      const roll = random();
      let instruction: TransactionInstruction | null = null;
      let checksHealth = false;
      if (roll < 0.3) {
        instruction = market.depositIx(user, asset.bank, tokens, amount(asset, 200));
      } else if (roll < 0.45) {
        const all = random() < 0.3;
        const risk = await market.riskAccounts(user, banks, all ? { remove: asset.bank } : {});
        instruction = market.withdrawIx(user, asset.bank, tokens, all ? 0n : amount(asset, 100), risk, all);
        checksHealth = true;
      } else if (roll < 0.65) {
        const risk = await market.riskAccounts(user, banks, { add: asset.bank });
        instruction = market.borrowIx(user, asset.bank, tokens, amount(asset, 60), risk);
        checksHealth = true;
      } else if (roll < 0.8) {
        const all = random() < 0.4;
        instruction = market.repayIx(user, asset.bank, tokens, all ? 0n : amount(asset, 50), all);
      } else if (roll < 0.9) {
        asset.spec.price *= 0.9 + random() * 0.2;
        await market.setOracle(asset.bank.oracle!, asset.spec);
      } else {
        market.advanceTime(Math.floor(random() * 86_400 * 3) + 1);
        for (const a of assets) await market.setOracle(a.bank.oracle!, a.spec);
        instruction = market.accrueIx(pick(assets).bank);
      }

      if (instruction) {
        const before = await snapshot();
        const err = await land([instruction], user.wallet);
        if (err === null) {
          outcomes.ok++;
          if (checksHealth) {
            const cache = (await market.marginfiAccount(user)).healthCache;
            expect(i80f48.cmp(cache.assetValue, cache.liabilityValue), `step ${step}`).toBeGreaterThanOrEqual(0);
            expect(cache.flags & 1, `step ${step}`).toBe(1);
          }
        } else {
          outcomes.failed++;
          expect(await snapshot(), `step ${step}: a failed transaction changed state`).toEqual(before);
        }
      }

      for (const a of assets) {
        const bank = await market.bank(a.bank);
        const vault = await market.tokenBalance(a.bank.vaults.liquidity);
        expect(vaultIdentityGap(bank, vault), `step ${step}, bank ${a.bank.key.toBase58()}`).toBeLessThanOrEqual(1n);
      }
    }
    // The sequence exercises both outcomes.
    expect(outcomes.ok).toBeGreaterThan(10);
    expect(outcomes.failed).toBeGreaterThan(3);
  });
});
