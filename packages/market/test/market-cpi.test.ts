// The market driven through cross-program invocation by a PDA, as the lending program drives it for a Kamino bank:
// user metadata, the vanilla obligation, liquidity deposited as collateral and withdrawn again, each instruction
// called from another program with the PDA as owner and no top-level requirement.
import { PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimumBalanceForRentExemption } from "@ballast/ledger";
import {
  KLEND_PROGRAM_ID,
  OBLIGATION_SIZE,
  decodeUserMetadata,
  depositReserveLiquidityAndObligationCollateralInstruction,
  depositReserveLiquidityAndObligationCollateralV2Instruction,
  initObligationInstruction,
  initUserMetadataInstruction,
  refreshObligationInstructionFor,
  refreshReserveInstructionFor,
  updateEntireReserveConfigInstruction,
  userMetadataAddress,
  vanillaObligationAddress,
  withdrawObligationCollateralAndRedeemReserveCollateralV2Instruction,
  type ReserveAccounts,
} from "../src/index.js";
import { MarketHarness } from "./support/harness.js";
import { activeConfig } from "./support/configs.js";
import { PROXY_OWNER, proxyProgram, viaProxy } from "./support/proxy.js";

let h: MarketHarness;
let market: PublicKey;
let reserve: ReserveAccounts;
let vault: PublicKey;
const obligation = () => vanillaObligationAddress(PROXY_OWNER, market);

beforeAll(async () => {
  h = await MarketHarness.start([proxyProgram()]);
  market = await h.createMarket();
  const usdc = await h.createMint(6);
  const pyth = await h.pythFeed({ price: 100_000_000n, exponent: -8 });
  reserve = (await h.createReserve(market, usdc)).accounts;
  await h.send(
    updateEntireReserveConfigInstruction({
      lendingMarketOwner: h.owner.publicKey,
      lendingMarket: market,
      reserve: reserve.reserve,
      config: activeConfig({ name: "USDC", pyth }),
    }),
    [h.owner],
  );
  vault = await h.tokenAccount(PROXY_OWNER, usdc);
  await h.mintTo(usdc, vault, 1_000_000_000n);
});
afterAll(() => h.close());

describe("a PDA owner through CPI", () => {
  it("creates its user metadata and vanilla obligation, the fee payer paying", async () => {
    const payer = await h.fundedKeypair();
    const { signature } = await h.send(
      [
        viaProxy(initUserMetadataInstruction({ owner: PROXY_OWNER, feePayer: payer.publicKey })),
        viaProxy(initObligationInstruction({ obligationOwner: PROXY_OWNER, feePayer: payer.publicKey, lendingMarket: market })),
      ],
      [payer],
    );
    expect((await h.logs(signature)).filter((l) => l === `Program ${KLEND_PROGRAM_ID} invoke [2]`)).toHaveLength(2);
    expect(decodeUserMetadata(await h.data(userMetadataAddress(PROXY_OWNER))).owner).toBe(PROXY_OWNER.toBase58());
    const state = await h.obligation(obligation());
    expect([state.owner, state.lendingMarket, state.tag]).toEqual([PROXY_OWNER.toBase58(), market.toBase58(), 0n]);
  });

  it("refuses the v1 deposit through CPI from a program off klend's whitelist (CpiDisabled, 6080)", async () => {
    const payer = await h.fundedKeypair();
    const refused = await h.expectFailure(
      [
        refreshReserveInstructionFor(reserve.reserve, await h.reserve(reserve.reserve)),
        refreshObligationInstructionFor(obligation(), await h.obligation(obligation())),
        viaProxy(depositReserveLiquidityAndObligationCollateralInstruction(depositParams())),
      ],
      [payer],
      "CpiDisabled",
    );
    expect(refused.logs).toContain("Program log: Instruction was called via CPI!");
  });

  const depositParams = () => ({
    owner: PROXY_OWNER,
    obligation: obligation(),
    reserve,
    userSourceLiquidity: vault,
    liquidityAmount: 250_000_000n,
  });

  it("deposits liquidity as collateral and withdraws it all again with the _v2 forms, the obligation's rent going to the PDA", async () => {
    const payer = await h.fundedKeypair();
    await h.send(
      [
        refreshReserveInstructionFor(reserve.reserve, await h.reserve(reserve.reserve)),
        refreshObligationInstructionFor(obligation(), await h.obligation(obligation())),
        viaProxy(depositReserveLiquidityAndObligationCollateralV2Instruction(depositParams())),
      ],
      [payer],
    );
    expect(await h.balance(vault)).toBe(750_000_000n);
    expect((await h.obligation(obligation())).deposits[0]!.depositedAmount).toBe(250_000_000n);
    expect(await h.balance(reserve.collateralSupply)).toBe(250_000_000n);

    await h.send(
      [
        refreshReserveInstructionFor(reserve.reserve, await h.reserve(reserve.reserve)),
        refreshObligationInstructionFor(obligation(), await h.obligation(obligation())),
        viaProxy(
          withdrawObligationCollateralAndRedeemReserveCollateralV2Instruction({
            owner: PROXY_OWNER,
            obligation: obligation(),
            reserve,
            userDestinationLiquidity: vault,
            collateralAmount: (1n << 64n) - 1n,
          }),
        ),
      ],
      [payer],
    );
    expect(await h.balance(vault)).toBe(1_000_000_000n);
    expect(await h.connection.getAccountInfo(obligation())).toBeNull();
    expect(BigInt(await h.connection.getBalance(PROXY_OWNER))).toBe(minimumBalanceForRentExemption(OBLIGATION_SIZE));
  });
});
