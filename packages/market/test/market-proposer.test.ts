// The lending market's proposer authority on a real ledger (klend v1.12.5): set by the owner (update_lending_market
// mode 25), it creates reserves and configures them, any mode, while they are being set up: unused, their usage
// blocked (deposit and borrow limits 0) and not locked against it (update_reserve_config mode 51,
// UpdateProposerAuthorityLock). Opening a reserve for use is the owner's alone; afterwards, or once locked, the
// proposer is refused with InvalidSigner (6005).
import { Keypair, type PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimumBalanceForRentExemption } from "@ballast/ledger";
import {
  RESERVE_SIZE,
  UpdateConfigMode,
  UpdateLendingMarketMode,
  createReserveAccountInstruction,
  initReserveInstruction,
  lendingMarketValue,
  updateEntireReserveConfigInstruction,
  updateLendingMarketInstruction,
  updateReserveConfigInstruction,
} from "../src/index.js";
import { activeConfig } from "./support/configs.js";
import { MarketHarness } from "./support/harness.js";

let h: MarketHarness;
let market: PublicKey;
let proposer: Keypair;
let feed: PublicKey;

beforeAll(async () => {
  h = await MarketHarness.start();
  market = await h.createMarket();
  proposer = await h.fundedKeypair();
  feed = await h.pythFeed({ price: 100_000_000n, exponent: -8 });
  await h.send(
    updateLendingMarketInstruction({
      lendingMarketOwner: h.owner.publicKey,
      lendingMarket: market,
      mode: UpdateLendingMarketMode.UpdateProposerAuthority,
      value: lendingMarketValue.pubkey(proposer.publicKey),
    }),
    [h.owner],
  );
});
afterAll(() => h.close());

/** A reserve the proposer creates, paying the initial deposit from its own tokens. */
async function proposedReserve(): Promise<PublicKey> {
  const mint = await h.createMint(6);
  const source = await h.tokenAccount(proposer.publicKey, mint);
  await h.mintTo(mint, source, 1_000_000n);
  const reserve = Keypair.generate();
  await h.send(
    [
      createReserveAccountInstruction({
        payer: proposer.publicKey,
        account: reserve.publicKey,
        lamports: Number(minimumBalanceForRentExemption(RESERVE_SIZE)),
      }),
      initReserveInstruction({
        lendingMarketOwner: proposer.publicKey,
        lendingMarket: market,
        reserve: reserve.publicKey,
        liquidityMint: mint,
        initialLiquiditySource: source,
      }),
    ],
    [proposer, reserve],
  );
  return reserve.publicKey;
}

/** A valid config whose usage stays blocked unless limits are given. */
function config(limits: { deposit: bigint; borrow: bigint } = { deposit: 0n, borrow: 0n }) {
  const c = activeConfig({ name: "PROPOSED", pyth: feed });
  c.depositLimit = limits.deposit;
  c.borrowLimit = limits.borrow;
  return c;
}

const updateBy = (signer: Keypair, reserve: PublicKey, mode: number, value: Uint8Array) =>
  updateReserveConfigInstruction({ lendingMarketOwner: signer.publicKey, lendingMarket: market, reserve, mode, value });
const entireBy = (signer: Keypair, reserve: PublicKey, c: ReturnType<typeof config>) =>
  updateEntireReserveConfigInstruction({ lendingMarketOwner: signer.publicKey, lendingMarket: market, reserve, config: c });

describe("the proposer authority", () => {
  it("creates a reserve and configures it, fee modes included, while it is unused and blocked", async () => {
    const reserve = await proposedReserve();
    expect((await h.reserve(reserve)).config.depositLimit).toBe(0n);
    await h.send(entireBy(proposer, reserve, config()), [proposer]);
    // A protocol-fee mode, the global admin's otherwise (no global config exists here).
    await h.send(updateBy(proposer, reserve, UpdateConfigMode.UpdateProtocolTakeRate, Uint8Array.of(20)), [proposer]);
    const state = await h.reserve(reserve);
    expect([state.config.tokenInfo.name, state.config.protocolTakeRatePct]).toEqual(["PROPOSED", 20]);
  });

  it("may not open a reserve for use: lifting the block is the owner's, and then the proposer is out (6005)", async () => {
    const reserve = await proposedReserve();
    await h.send(entireBy(proposer, reserve, config()), [proposer]);
    const open = lendingMarketValue.u64(1_000_000_000n);
    await h.expectFailure(updateBy(proposer, reserve, UpdateConfigMode.UpdateDepositLimit, open), [proposer], "InvalidSigner");
    const { signature } = await h.send(updateBy(h.owner, reserve, UpdateConfigMode.UpdateDepositLimit, open), [h.owner]);
    expect(await h.logs(signature)).toContain("Program log: Reserve usage is now allowed");
    const refused = await h.expectFailure(
      updateBy(proposer, reserve, UpdateConfigMode.UpdateTokenInfoPriceMaxAge, lendingMarketValue.u64(30n)),
      [proposer],
      "InvalidSigner",
    );
    expect(refused.logs?.some((l) => l.includes("caused by account: signer"))).toBe(true);
  });

  it("is shut out by the lock (mode 51), which takes only 0 or 1 (InvalidFlag)", async () => {
    const reserve = await proposedReserve();
    await h.send(entireBy(proposer, reserve, config()), [proposer]);
    await h.expectFailure(
      updateBy(h.owner, reserve, UpdateConfigMode.UpdateProposerAuthorityLock, Uint8Array.of(2)),
      [h.owner],
      "InvalidFlag",
    );
    await h.send(updateBy(h.owner, reserve, UpdateConfigMode.UpdateProposerAuthorityLock, Uint8Array.of(1)), [h.owner]);
    expect((await h.reserve(reserve)).config.proposerAuthorityLocked).toBe(1);
    await h.expectFailure(entireBy(proposer, reserve, config()), [proposer], "InvalidSigner");
    // The owner still configures it.
    await h.send(entireBy(h.owner, reserve, { ...config(), proposerAuthorityLocked: 1 }), [h.owner]);
  });

  it("has no say once the market names another proposer, and strangers create no reserves", async () => {
    const stranger = await h.fundedKeypair();
    const mint = await h.createMint(6);
    const source = await h.tokenAccount(stranger.publicKey, mint);
    await h.mintTo(mint, source, 1_000_000n);
    const account = Keypair.generate();
    await h.expectFailure(
      [
        createReserveAccountInstruction({
          payer: stranger.publicKey,
          account: account.publicKey,
          lamports: Number(minimumBalanceForRentExemption(RESERVE_SIZE)),
        }),
        initReserveInstruction({
          lendingMarketOwner: stranger.publicKey,
          lendingMarket: market,
          reserve: account.publicKey,
          liquidityMint: mint,
          initialLiquiditySource: source,
        }),
      ],
      [stranger, account],
      "InvalidSigner",
    );
    const reserve = await proposedReserve();
    await h.send(
      updateLendingMarketInstruction({
        lendingMarketOwner: h.owner.publicKey,
        lendingMarket: market,
        mode: UpdateLendingMarketMode.UpdateProposerAuthority,
        value: lendingMarketValue.pubkey(stranger.publicKey),
      }),
      [h.owner],
    );
    await h.expectFailure(entireBy(proposer, reserve, config()), [proposer], "InvalidSigner");
    await h.send(entireBy(stranger, reserve, config()), [stranger]);
  });
});
