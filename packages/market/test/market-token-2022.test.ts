// Reserves over Token-2022 liquidity mints on a real ledger: init_reserve creates the liquidity vaults under Token-2022
// sized for the mint's required account extensions, positions move the tokens with TransferChecked through the mint's
// own program, and klend's token-2022 checks refuse a mint with a transfer fee above 0 bps or an extension outside
// its list (UnsupportedTokenExtension) and a Token-2022 mint held in an SPL Token account (InvalidTokenAccount).
import {
  ACCOUNT_SIZE,
  AccountLayout,
  AccountState,
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMetadataPointerInstruction,
  createInitializeMint2Instruction,
  createInitializeMintCloseAuthorityInstruction,
  createInitializeNonTransferableMintInstruction,
  createInitializePermanentDelegateInstruction,
  createInitializeTransferFeeConfigInstruction,
  createMintToCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
  getMintLen,
} from "@solana/spl-token";
import { Keypair, PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_PROGRAM_ID, minimumBalanceForRentExemption } from "@ballast/ledger";
import {
  RESERVE_SIZE,
  borrowObligationLiquidityInstruction,
  createReserveAccountInstruction,
  depositReserveLiquidityAndObligationCollateralInstruction,
  depositReserveLiquidityInstruction,
  flashLoanInstructions,
  initObligationInstruction,
  initReserveInstruction,
  initUserMetadataInstruction,
  redeemReserveCollateralInstruction,
  refreshObligationInstructionFor,
  refreshReserveInstructionFor,
  repayObligationLiquidityInstruction,
  reserveAccountsFor,
  updateEntireReserveConfigInstruction,
  vanillaObligationAddress,
  withdrawObligationCollateralAndRedeemReserveCollateralInstruction,
  type ReserveAccounts,
} from "../src/index.js";
import { activeConfig } from "./support/configs.js";
import { MarketHarness, SOL } from "./support/harness.js";

const T22 = TOKEN_2022_PROGRAM_ID;
const UNIT = 1_000_000n;
const PRICE = { price: 100_000_000n, exponent: -8 };
const SOL_PRICE = { price: 10_000_000_000n, exponent: -8 };

let h: MarketHarness;
let market: PublicKey;
let pyth: PublicKey;
let solPyth: PublicKey;
let tokenR: ReserveAccounts;
let solR: ReserveAccounts;
let lender: Keypair;
let borrower: Keypair;

/** A Token-2022 mint of the harness owner with 6 decimals, its extensions initialised by `extensions` first. */
async function mint2022(types: ExtensionType[], extensions: (mint: PublicKey) => TransactionInstruction[]): Promise<PublicKey> {
  const mint = Keypair.generate();
  const space = getMintLen(types);
  h.advance(0);
  await h.send(
    [
      SystemProgram.createAccount({
        fromPubkey: h.owner.publicKey,
        newAccountPubkey: mint.publicKey,
        lamports: Number(minimumBalanceForRentExemption(space)),
        space,
        programId: T22,
      }),
      ...extensions(mint.publicKey),
      createInitializeMint2Instruction(mint.publicKey, 6, h.owner.publicKey, null, T22),
    ],
    [h.owner, mint],
  );
  return mint.publicKey;
}

/** `owner`'s Token-2022 associated account of `mint`, created here, holding `amount` minted to it. */
async function holding(owner: PublicKey, mint: PublicKey, amount: bigint): Promise<PublicKey> {
  const ata = getAssociatedTokenAddressSync(mint, owner, true, T22);
  h.advance(0);
  await h.send(
    [
      createAssociatedTokenAccountIdempotentInstruction(h.owner.publicKey, ata, owner, mint, T22),
      createMintToCheckedInstruction(mint, ata, h.owner.publicKey, amount, 6, [], T22),
    ],
    [h.owner],
  );
  return ata;
}

async function balance2022(account: PublicKey): Promise<bigint> {
  return (await getAccount(h.connection, account, "confirmed", T22)).amount;
}

/** init_reserve over `mint` with the liquidity token program Token-2022, from `source`. */
function initReserve(reserve: Keypair, mint: PublicKey, source: PublicKey): TransactionInstruction[] {
  return [
    createReserveAccountInstruction({
      payer: h.owner.publicKey,
      account: reserve.publicKey,
      lamports: Number(minimumBalanceForRentExemption(RESERVE_SIZE)),
    }),
    initReserveInstruction({
      lendingMarketOwner: h.owner.publicKey,
      lendingMarket: market,
      reserve: reserve.publicKey,
      liquidityMint: mint,
      initialLiquiditySource: source,
      liquidityTokenProgram: T22,
    }),
  ];
}

/** Fresh prices, refresh_reserve of both reserves (the one acted on, `last`, last) and refresh_obligation. */
async function refreshAll(obligation: PublicKey, last: ReserveAccounts = tokenR): Promise<TransactionInstruction[]> {
  await h.setPyth(pyth, PRICE);
  await h.setPyth(solPyth, SOL_PRICE);
  const first = last === tokenR ? solR : tokenR;
  return [
    refreshReserveInstructionFor(first.reserve, await h.reserve(first.reserve)),
    refreshReserveInstructionFor(last.reserve, await h.reserve(last.reserve)),
    refreshObligationInstructionFor(obligation, await h.obligation(obligation)),
  ];
}

beforeAll(async () => {
  h = await MarketHarness.start();
  market = await h.createMarket();
  pyth = await h.pythFeed(PRICE);
  solPyth = await h.pythFeed(SOL_PRICE);
  // Every allowed extension this ledger builds, the transfer fee at 0 bps.
  const types = [
    ExtensionType.TransferFeeConfig,
    ExtensionType.MintCloseAuthority,
    ExtensionType.PermanentDelegate,
    ExtensionType.MetadataPointer,
  ];
  const mint = await mint2022(types, (m) => [
    createInitializeTransferFeeConfigInstruction(m, h.owner.publicKey, h.owner.publicKey, 0, 0n, T22),
    createInitializeMintCloseAuthorityInstruction(m, h.owner.publicKey, T22),
    createInitializePermanentDelegateInstruction(m, h.owner.publicKey, T22),
    createInitializeMetadataPointerInstruction(m, h.owner.publicKey, m, T22),
  ]);
  const reserve = Keypair.generate();
  const source = await holding(h.owner.publicKey, mint, 1_000_000n);
  await h.send(initReserve(reserve, mint, source), [h.owner, reserve]);
  tokenR = reserveAccountsFor(reserve.publicKey, market, mint, undefined, T22);
  solR = (await h.createReserve(market, await h.createMint(9))).accounts;
  const configure = (r: ReserveAccounts, config: ReturnType<typeof activeConfig>) =>
    updateEntireReserveConfigInstruction({ lendingMarketOwner: h.owner.publicKey, lendingMarket: market, reserve: r.reserve, config });
  const tokenConfig = activeConfig({ name: "T22", pyth });
  // Flash loans at 0.3%.
  tokenConfig.fees.flashLoanFeeSf = ((1n << 60n) * 3n) / 1000n;
  await h.send(configure(tokenR, tokenConfig), [h.owner]);
  await h.send(configure(solR, activeConfig({ name: "SOL", pyth: solPyth, ltv: 75, threshold: 85 })), [h.owner]);
  lender = await h.fundedKeypair();
  borrower = await h.fundedKeypair();
});
afterAll(() => h.close());

describe("a reserve over a Token-2022 mint", () => {
  it("records Token-2022 as the liquidity token program and keeps its vaults there, sized for the mint", async () => {
    const state = await h.reserve(tokenR.reserve);
    expect(state.liquidity.tokenProgram).toBe(T22.toBase58());
    for (const vault of [tokenR.liquiditySupply, tokenR.feeReceiver]) {
      const info = (await h.connection.getAccountInfo(vault))!;
      // The mint's TransferFeeConfig obliges every account to carry a TransferFeeAmount: 165 + 1 + 4 + 8 bytes.
      expect([info.owner.toBase58(), info.data.length]).toEqual([T22.toBase58(), 178]);
    }
    expect(await balance2022(tokenR.liquiditySupply)).toBe(100_000n);
    const cTokenMint = (await h.connection.getAccountInfo(tokenR.collateralMint))!;
    expect(cTokenMint.owner.toBase58()).toBe(TOKEN_PROGRAM_ID);
  });

  it("takes deposits for cTokens and redeems them through Token-2022", async () => {
    const lenderTokens = await holding(lender.publicKey, tokenR.liquidityMint, 10_000n * UNIT);
    const cTokens = await h.tokenAccount(lender.publicKey, tokenR.collateralMint);
    await h.send(
      depositReserveLiquidityInstruction({
        owner: lender.publicKey,
        reserve: tokenR,
        userSourceLiquidity: lenderTokens,
        userDestinationCollateral: cTokens,
        liquidityAmount: 5_000n * UNIT,
      }),
      [lender],
    );
    expect(await h.balance(cTokens)).toBe(5_000n * UNIT);
    expect(await balance2022(lenderTokens)).toBe(5_000n * UNIT);
    expect(await balance2022(tokenR.liquiditySupply)).toBe(5_000n * UNIT + 100_000n);

    await h.send(
      redeemReserveCollateralInstruction({
        owner: lender.publicKey,
        reserve: tokenR,
        userSourceCollateral: cTokens,
        userDestinationLiquidity: lenderTokens,
        collateralAmount: UNIT,
      }),
      [lender],
    );
    expect(await balance2022(lenderTokens)).toBe(5_001n * UNIT);
    expect((await h.reserve(tokenR.reserve)).liquidity.availableAmount).toBe(4_999n * UNIT + 100_000n);
  });

  it("flash-lends it through Token-2022, the fee to the fee receiver", async () => {
    const lenderTokens = getAssociatedTokenAddressSync(tokenR.liquidityMint, lender.publicKey, true, T22);
    const before = await balance2022(lenderTokens);
    await h.send(
      flashLoanInstructions(
        { userTransferAuthority: lender.publicKey, reserve: tokenR, userLiquidity: lenderTokens, liquidityAmount: 1_000n * UNIT },
        [],
      ),
      [lender],
    );
    expect(await balance2022(lenderTokens)).toBe(before - 3n * UNIT);
    expect(await balance2022(tokenR.feeReceiver)).toBe(3n * UNIT);
  });

  it("lends it against SOL collateral: borrow, repay and withdraw", async () => {
    const owner = borrower.publicKey;
    const obligation = vanillaObligationAddress(owner, market);
    await h.send(
      [
        initUserMetadataInstruction({ owner, feePayer: owner }),
        initObligationInstruction({ obligationOwner: owner, feePayer: owner, lendingMarket: market }),
      ],
      [borrower],
    );
    const solMint = new PublicKey(solR.liquidityMint);
    const borrowerSol = await h.tokenAccount(owner, solMint);
    await h.mintTo(solMint, borrowerSol, 10n * SOL);
    const borrowerTokens = await holding(owner, tokenR.liquidityMint, 0n);

    await h.send(
      [
        ...(await refreshAll(obligation, solR)),
        depositReserveLiquidityAndObligationCollateralInstruction({
          owner,
          obligation,
          reserve: solR,
          userSourceLiquidity: borrowerSol,
          liquidityAmount: 10n * SOL,
        }),
      ],
      [borrower],
    );
    await h.send(
      [
        ...(await refreshAll(obligation)),
        borrowObligationLiquidityInstruction({
          owner,
          obligation,
          reserve: tokenR,
          userDestinationLiquidity: borrowerTokens,
          liquidityAmount: 300n * UNIT,
        }),
      ],
      [borrower],
    );
    expect(await balance2022(borrowerTokens)).toBe(300n * UNIT);
    expect((await h.reserve(tokenR.reserve)).liquidity.availableAmount).toBe(4_699n * UNIT + 100_000n);

    // Interest accrues over the slot, so the borrower tops up a unit before repaying everything.
    await h.send(createMintToCheckedInstruction(tokenR.liquidityMint, borrowerTokens, h.owner.publicKey, UNIT, 6, [], T22), [h.owner]);
    await h.send(
      [
        ...(await refreshAll(obligation)),
        repayObligationLiquidityInstruction({
          owner,
          obligation,
          reserve: tokenR,
          userSourceLiquidity: borrowerTokens,
          liquidityAmount: 2n ** 64n - 1n,
        }),
      ],
      [borrower],
    );
    expect((await h.obligation(obligation)).borrows.every((b) => b.borrowedAmountSf === 0n)).toBe(true);
    expect(await balance2022(borrowerTokens)).toBeLessThan(UNIT);

    await h.send(
      [
        ...(await refreshAll(obligation, solR)),
        withdrawObligationCollateralAndRedeemReserveCollateralInstruction({
          owner,
          obligation,
          reserve: solR,
          userDestinationLiquidity: borrowerSol,
          collateralAmount: 10n * SOL,
        }),
      ],
      [borrower],
    );
    expect(await h.balance(borrowerSol)).toBe(10n * SOL);
  });
});

describe("klend's token-2022 checks", () => {
  it("refuses a mint with a transfer fee above 0 bps at init_reserve (UnsupportedTokenExtension, 6108)", async () => {
    const mint = await mint2022([ExtensionType.TransferFeeConfig], (m) => [
      createInitializeTransferFeeConfigInstruction(m, h.owner.publicKey, h.owner.publicKey, 25, 1_000n, T22),
    ]);
    const source = await holding(h.owner.publicKey, mint, 1_000_000n);
    const reserve = Keypair.generate();
    const result = await h.expectFailure(initReserve(reserve, mint, source), [h.owner, reserve], "UnsupportedTokenExtension");
    expect(result.logs).toContain("Program log: Transfer fee must be 0 for liquidity mints");
  });

  it("refuses an extension outside klend's list (NonTransferable) at init_reserve", async () => {
    const mint = await mint2022([ExtensionType.NonTransferable], (m) => [createInitializeNonTransferableMintInstruction(m, T22)]);
    const source = await holding(h.owner.publicKey, mint, 1_000_000n);
    const reserve = Keypair.generate();
    const result = await h.expectFailure(initReserve(reserve, mint, source), [h.owner, reserve], "UnsupportedTokenExtension");
    expect(result.logs).toContain(`Program log: Unsupported mint extension ${ExtensionType.NonTransferable}`);
  });

  it("refuses a Token-2022 mint held in an SPL Token account (InvalidTokenAccount, 6109)", async () => {
    // SPL Token itself would never initialise such an account; it is written into the ledger directly.
    const stray = Keypair.generate().publicKey;
    const data = Buffer.alloc(ACCOUNT_SIZE);
    AccountLayout.encode(
      {
        mint: tokenR.liquidityMint,
        owner: lender.publicKey,
        amount: UNIT,
        delegateOption: 0,
        delegate: PublicKey.default,
        state: AccountState.Initialized,
        isNativeOption: 0,
        isNative: 0n,
        delegatedAmount: 0n,
        closeAuthorityOption: 0,
        closeAuthority: PublicKey.default,
      },
      data,
    );
    h.net.ledger.setAccounts([
      [
        stray.toBase58(),
        { lamports: minimumBalanceForRentExemption(ACCOUNT_SIZE), data, owner: TOKEN_PROGRAM_ID, executable: false, rentEpoch: 0n },
      ],
    ]);
    const cTokens = await h.tokenAccount(lender.publicKey, tokenR.collateralMint);
    const deposit = depositReserveLiquidityInstruction({
      owner: lender.publicKey,
      reserve: tokenR,
      userSourceLiquidity: stray,
      userDestinationCollateral: cTokens,
      liquidityAmount: UNIT,
    });
    await h.expectFailure(deposit, [lender], "InvalidTokenAccount");
  });
});
