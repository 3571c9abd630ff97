import {
  AccountState as SplAccountState,
  AuthorityType,
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  createAssociatedTokenAccountInstruction,
  createBurnCheckedInstruction,
  createCloseAccountInstruction,
  createInitializeAccount3Instruction,
  createInitializeDefaultAccountStateInstruction,
  createInitializeMetadataPointerInstruction,
  createInitializeMint2Instruction,
  createInitializeMintCloseAuthorityInstruction,
  createInitializeNonTransferableMintInstruction,
  createInitializePermanentDelegateInstruction,
  createInitializeTransferFeeConfigInstruction,
  createMintToCheckedInstruction,
  createSetAuthorityInstruction,
  createTransferCheckedInstruction,
  createTransferCheckedWithFeeInstruction,
  createTransferInstruction,
  getAccountLen,
  getAssociatedTokenAddressSync,
  getImmutableOwner,
  getMetadataPointerState,
  getMintCloseAuthority,
  getMintLen,
  getPermanentDelegate,
  getTransferFeeAmount,
  getTransferFeeConfig,
  unpackAccount,
  unpackMint,
} from "@solana/spl-token";
import { TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { SYSTEM_PROGRAM_ID, type Address } from "../../src/account.js";
import { TOKEN_2022_PROGRAM_ID as LEDGER_TOKEN_2022 } from "../../src/programs/token/extensions.js";
import { TOKEN_PROGRAM_ID } from "../../src/programs/token/layout.js";
import { tokenBalanceOf } from "../../src/programs/token/parse.js";
import { ProgramHarness, publicKey, testAddress } from "../support/program-harness.js";

const T22 = LEDGER_TOKEN_2022;
const MINT = testAddress(1);
const MINT_AUTHORITY = testAddress(2);
const FEE_AUTHORITY = testAddress(3);
const ALICE = testAddress(4);
const BOB = testAddress(5);
const ALICE_TOKENS = testAddress(6);
const BOB_TOKENS = testAddress(7);
const SEIZER = testAddress(8);
const CLOSER = testAddress(9);
const PAYER = testAddress(10);
const pk = publicKey;

function ok(h: ProgramHarness, ix: TransactionInstruction | TransactionInstruction[]): string[] {
  const out = h.process(ix);
  expect(out.err, out.logs.join("\n")).toBeNull();
  return out.logs;
}

function refused(h: ProgramHarness, ix: TransactionInstruction | TransactionInstruction[]) {
  const out = h.process(ix);
  expect(out.err).not.toBeNull();
  return out;
}

const custom = (code: number) => ({ InstructionError: [0, { Custom: code }] });

function mintOf(h: ProgramHarness, address: Address = MINT) {
  return unpackMint(pk(address), h.accountInfo(address), TOKEN_2022_PROGRAM_ID);
}

function accountOf(h: ProgramHarness, address: Address) {
  return unpackAccount(pk(address), h.accountInfo(address), TOKEN_2022_PROGRAM_ID);
}

/** 1% transfer fee capped at 5,000 units, a close authority, a permanent delegate and a metadata pointer; 6 decimals. */
function feeMint(h: ProgramHarness, basisPoints = 100): void {
  const types = [
    ExtensionType.TransferFeeConfig,
    ExtensionType.MintCloseAuthority,
    ExtensionType.PermanentDelegate,
    ExtensionType.MetadataPointer,
  ];
  h.allocate(MINT, getMintLen(types), T22);
  ok(h, [
    createInitializeTransferFeeConfigInstruction(
      pk(MINT),
      pk(FEE_AUTHORITY),
      pk(FEE_AUTHORITY),
      basisPoints,
      5_000n,
      TOKEN_2022_PROGRAM_ID,
    ),
    createInitializeMintCloseAuthorityInstruction(pk(MINT), pk(CLOSER), TOKEN_2022_PROGRAM_ID),
    createInitializePermanentDelegateInstruction(pk(MINT), pk(SEIZER), TOKEN_2022_PROGRAM_ID),
    createInitializeMetadataPointerInstruction(pk(MINT), pk(MINT_AUTHORITY), pk(MINT), TOKEN_2022_PROGRAM_ID),
    createInitializeMint2Instruction(pk(MINT), 6, pk(MINT_AUTHORITY), null, TOKEN_2022_PROGRAM_ID),
  ]);
}

/** Alice and Bob each get an account of the fee mint (with room for the withheld fees); Alice holds 1,000,000. */
function holders(h: ProgramHarness): void {
  for (const [account, owner] of [
    [ALICE_TOKENS, ALICE],
    [BOB_TOKENS, BOB],
  ] as const) {
    h.allocate(account, getAccountLen([ExtensionType.TransferFeeAmount]), T22);
    ok(h, createInitializeAccount3Instruction(pk(account), pk(MINT), pk(owner), TOKEN_2022_PROGRAM_ID));
  }
  ok(h, createMintToCheckedInstruction(pk(MINT), pk(ALICE_TOKENS), pk(MINT_AUTHORITY), 1_000_000n, 6, [], TOKEN_2022_PROGRAM_ID));
}

describe("Token-2022 mints with extensions", () => {
  it("initialises the extensions before the mint, laid out as spl-token decodes them", () => {
    const h = new ProgramHarness();
    feeMint(h);
    const mint = mintOf(h);
    expect(h.get(MINT).data.length).toBe(166 + 112 + 36 + 36 + 68);
    expect(mint.isInitialized).toBe(true);
    expect(mint.decimals).toBe(6);
    expect(mint.mintAuthority?.toBase58()).toBe(MINT_AUTHORITY);
    const fee = getTransferFeeConfig(mint);
    expect(fee?.transferFeeConfigAuthority.toBase58()).toBe(FEE_AUTHORITY);
    expect(fee?.newerTransferFee).toEqual({ epoch: 0n, maximumFee: 5_000n, transferFeeBasisPoints: 100 });
    expect(fee?.olderTransferFee).toEqual({ epoch: 0n, maximumFee: 5_000n, transferFeeBasisPoints: 100 });
    expect(getMintCloseAuthority(mint)?.closeAuthority.toBase58()).toBe(CLOSER);
    expect(getPermanentDelegate(mint)?.delegate.toBase58()).toBe(SEIZER);
    expect(getMetadataPointerState(mint)?.metadataAddress?.toBase58()).toBe(MINT);
  });

  it("logs the extension instructions as the program does", () => {
    const h = new ProgramHarness();
    h.allocate(MINT, getMintLen([ExtensionType.TransferFeeConfig]), T22);
    const logs = ok(h, createInitializeTransferFeeConfigInstruction(pk(MINT), null, null, 0, 0n, TOKEN_2022_PROGRAM_ID));
    expect(logs).toEqual([
      `Program ${T22} invoke [1]`,
      "Program log: TransferFeeInstruction: InitializeTransferFeeConfig",
      `Program ${T22} consumed 2087 of 200000 compute units`,
      `Program ${T22} success`,
    ]);
  });

  it("refuses a fee above 10,000 basis points (30) and a mint with room for an extension never initialised", () => {
    const h = new ProgramHarness();
    h.allocate(MINT, getMintLen([ExtensionType.TransferFeeConfig]), T22);
    const tooHigh = refused(h, createInitializeTransferFeeConfigInstruction(pk(MINT), null, null, 10_001, 0n, TOKEN_2022_PROGRAM_ID));
    expect(tooHigh.err).toEqual(custom(30));
    expect(tooHigh.logs).toContain("Program log: Error: Transfer fee exceeds maximum of 10,000 basis points");
    const unused = refused(h, createInitializeMint2Instruction(pk(MINT), 6, pk(MINT_AUTHORITY), null, TOKEN_2022_PROGRAM_ID));
    expect(unused.err).toEqual({ InstructionError: [0, "InvalidAccountData"] });
  });

  it("refuses an extension once the mint is initialised (AlreadyInUse, 6)", () => {
    const h = new ProgramHarness();
    feeMint(h);
    const late = refused(h, createInitializeMintCloseAuthorityInstruction(pk(MINT), pk(CLOSER), TOKEN_2022_PROGRAM_ID));
    expect(late.err).toEqual(custom(6));
  });

  it("leaves the extension instructions to Token-2022: SPL Token refuses them (InvalidInstruction, 12)", () => {
    const h = new ProgramHarness();
    h.allocate(MINT, 82, TOKEN_PROGRAM_ID);
    // spl-token will not build it for SPL Token; the same bytes sent there.
    const built = createInitializeMintCloseAuthorityInstruction(pk(MINT), pk(CLOSER), TOKEN_2022_PROGRAM_ID);
    const ix = new TransactionInstruction({ programId: pk(TOKEN_PROGRAM_ID), keys: built.keys, data: built.data });
    expect(refused(h, ix).err).toEqual(custom(12));
  });

  it("still takes a plain 82-byte mint and 165-byte accounts", () => {
    const h = new ProgramHarness();
    h.allocate(MINT, 82, T22);
    ok(h, createInitializeMint2Instruction(pk(MINT), 2, pk(MINT_AUTHORITY), null, TOKEN_2022_PROGRAM_ID));
    h.allocate(ALICE_TOKENS, 165, T22);
    ok(h, createInitializeAccount3Instruction(pk(ALICE_TOKENS), pk(MINT), pk(ALICE), TOKEN_2022_PROGRAM_ID));
    ok(h, createMintToCheckedInstruction(pk(MINT), pk(ALICE_TOKENS), pk(MINT_AUTHORITY), 500n, 2, [], TOKEN_2022_PROGRAM_ID));
    expect(accountOf(h, ALICE_TOKENS).amount).toBe(500n);
    expect(mintOf(h).supply).toBe(500n);
  });
});

describe("Token-2022 accounts", () => {
  it("gives each account of a fee mint its TransferFeeAmount, and refuses an account without room for it", () => {
    const h = new ProgramHarness();
    feeMint(h);
    holders(h);
    expect(h.get(ALICE_TOKENS).data.length).toBe(178);
    expect(getTransferFeeAmount(accountOf(h, ALICE_TOKENS))?.withheldAmount).toBe(0n);
    h.allocate(testAddress(20), 165, T22);
    const small = refused(h, createInitializeAccount3Instruction(pk(testAddress(20)), pk(MINT), pk(ALICE), TOKEN_2022_PROGRAM_ID));
    expect(small.err).toEqual({ InstructionError: [0, "InvalidAccountData"] });
  });

  it("creates associated token accounts sized for the mint, with an immutable owner", () => {
    const h = new ProgramHarness();
    feeMint(h);
    h.fund(PAYER, 1_000_000_000n);
    const ata = getAssociatedTokenAddressSync(pk(MINT), pk(ALICE), true, TOKEN_2022_PROGRAM_ID);
    ok(h, createAssociatedTokenAccountInstruction(pk(PAYER), ata, pk(ALICE), pk(MINT), TOKEN_2022_PROGRAM_ID));
    const address = ata.toBase58();
    expect(h.get(address).owner).toBe(T22);
    expect(h.get(address).data.length).toBe(getAccountLen([ExtensionType.ImmutableOwner, ExtensionType.TransferFeeAmount]));
    const state = accountOf(h, address);
    expect(state.owner.toBase58()).toBe(ALICE);
    expect(getImmutableOwner(state)).not.toBeNull();
    expect(getTransferFeeAmount(state)?.withheldAmount).toBe(0n);

    const handOver = refused(
      h,
      createSetAuthorityInstruction(ata, pk(ALICE), AuthorityType.AccountOwner, pk(BOB), [], TOKEN_2022_PROGRAM_ID),
    );
    expect(handOver.err).toEqual(custom(34));
    expect(handOver.logs).toContain("Program log: The owner authority cannot be changed");
  });

  it("starts accounts frozen under a frozen DefaultAccountState, which needs a freeze authority (16)", () => {
    const h = new ProgramHarness();
    h.allocate(MINT, getMintLen([ExtensionType.DefaultAccountState]), T22);
    ok(h, createInitializeDefaultAccountStateInstruction(pk(MINT), SplAccountState.Frozen, TOKEN_2022_PROGRAM_ID));
    const noFreezer = refused(h, createInitializeMint2Instruction(pk(MINT), 6, pk(MINT_AUTHORITY), null, TOKEN_2022_PROGRAM_ID));
    expect(noFreezer.err).toEqual(custom(16));
    ok(h, createInitializeMint2Instruction(pk(MINT), 6, pk(MINT_AUTHORITY), pk(MINT_AUTHORITY), TOKEN_2022_PROGRAM_ID));
    h.allocate(ALICE_TOKENS, 165, T22);
    ok(h, createInitializeAccount3Instruction(pk(ALICE_TOKENS), pk(MINT), pk(ALICE), TOKEN_2022_PROGRAM_ID));
    expect(accountOf(h, ALICE_TOKENS).isFrozen).toBe(true);
  });
});

describe("Token-2022 transfers", () => {
  it("withholds the transfer fee in the destination on TransferChecked", () => {
    const h = new ProgramHarness();
    feeMint(h);
    holders(h);
    ok(h, createTransferCheckedInstruction(pk(ALICE_TOKENS), pk(MINT), pk(BOB_TOKENS), pk(ALICE), 10_000n, 6, [], TOKEN_2022_PROGRAM_ID));
    expect(accountOf(h, ALICE_TOKENS).amount).toBe(990_000n);
    const bob = accountOf(h, BOB_TOKENS);
    expect(bob.amount).toBe(9_900n);
    expect(getTransferFeeAmount(bob)?.withheldAmount).toBe(100n);
    // The maximum caps the fee: 1% of 900,000 would be 9,000.
    ok(h, createTransferCheckedInstruction(pk(ALICE_TOKENS), pk(MINT), pk(BOB_TOKENS), pk(ALICE), 900_000n, 6, [], TOKEN_2022_PROGRAM_ID));
    expect(getTransferFeeAmount(accountOf(h, BOB_TOKENS))?.withheldAmount).toBe(5_100n);
    expect(accountOf(h, BOB_TOKENS).amount).toBe(9_900n + 895_000n);
  });

  it("shows the credited amount in the token balances", () => {
    const h = new ProgramHarness();
    feeMint(h);
    holders(h);
    const balance = tokenBalanceOf(h.get(ALICE_TOKENS), (a) => h.accounts.get(a));
    expect(balance).toEqual({ mint: MINT, owner: ALICE, amount: 1_000_000n, decimals: 6, programId: T22 });
  });

  it("refuses a plain Transfer from an account that may owe fees (MintRequiredForTransfer, 31)", () => {
    const h = new ProgramHarness();
    feeMint(h);
    holders(h);
    const out = refused(h, createTransferInstruction(pk(ALICE_TOKENS), pk(BOB_TOKENS), pk(ALICE), 10n, [], TOKEN_2022_PROGRAM_ID));
    expect(out.err).toEqual(custom(31));
    expect(out.logs).toContain(
      "Program log: Mint required for this account to transfer tokens, use `transfer_checked` or `transfer_checked_with_fee`",
    );
  });

  it("checks the client's fee in TransferCheckedWithFee (FeeMismatch, 32)", () => {
    const h = new ProgramHarness();
    feeMint(h);
    holders(h);
    const wrong = createTransferCheckedWithFeeInstruction(
      pk(ALICE_TOKENS),
      pk(MINT),
      pk(BOB_TOKENS),
      pk(ALICE),
      10_000n,
      6,
      99n,
      [],
      TOKEN_2022_PROGRAM_ID,
    );
    expect(refused(h, wrong).err).toEqual(custom(32));
    const right = createTransferCheckedWithFeeInstruction(
      pk(ALICE_TOKENS),
      pk(MINT),
      pk(BOB_TOKENS),
      pk(ALICE),
      10_000n,
      6,
      100n,
      [],
      TOKEN_2022_PROGRAM_ID,
    );
    ok(h, right);
    expect(accountOf(h, BOB_TOKENS).amount).toBe(9_900n);
  });

  it("lets the permanent delegate move and burn anyone's tokens", () => {
    const h = new ProgramHarness();
    feeMint(h);
    holders(h);
    ok(h, createTransferCheckedInstruction(pk(ALICE_TOKENS), pk(MINT), pk(BOB_TOKENS), pk(SEIZER), 1_000n, 6, [], TOKEN_2022_PROGRAM_ID));
    expect(accountOf(h, BOB_TOKENS).amount).toBe(990n);
    ok(h, createBurnCheckedInstruction(pk(ALICE_TOKENS), pk(MINT), pk(SEIZER), 9_000n, 6, [], TOKEN_2022_PROGRAM_ID));
    expect(accountOf(h, ALICE_TOKENS).amount).toBe(990_000n);
    expect(mintOf(h).supply).toBe(991_000n);
  });

  it("refuses to move non-transferable tokens (37)", () => {
    const h = new ProgramHarness();
    h.allocate(MINT, getMintLen([ExtensionType.NonTransferable]), T22);
    ok(h, [
      createInitializeNonTransferableMintInstruction(pk(MINT), TOKEN_2022_PROGRAM_ID),
      createInitializeMint2Instruction(pk(MINT), 0, pk(MINT_AUTHORITY), null, TOKEN_2022_PROGRAM_ID),
    ]);
    h.fund(PAYER, 1_000_000_000n);
    const alice = getAssociatedTokenAddressSync(pk(MINT), pk(ALICE), true, TOKEN_2022_PROGRAM_ID);
    const bob = getAssociatedTokenAddressSync(pk(MINT), pk(BOB), true, TOKEN_2022_PROGRAM_ID);
    ok(h, [
      createAssociatedTokenAccountInstruction(pk(PAYER), alice, pk(ALICE), pk(MINT), TOKEN_2022_PROGRAM_ID),
      createAssociatedTokenAccountInstruction(pk(PAYER), bob, pk(BOB), pk(MINT), TOKEN_2022_PROGRAM_ID),
      createMintToCheckedInstruction(pk(MINT), alice, pk(MINT_AUTHORITY), 5n, 0, [], TOKEN_2022_PROGRAM_ID),
    ]);
    const out = refused(h, createTransferCheckedInstruction(alice, pk(MINT), bob, pk(ALICE), 1n, 0, [], TOKEN_2022_PROGRAM_ID));
    expect(out.err).toEqual(custom(37));
    expect(out.logs).toContain("Program log: Transfer is disabled for this mint");
  });
});

describe("Token-2022 closing", () => {
  it("keeps an account holding withheld fees open (35)", () => {
    const h = new ProgramHarness();
    feeMint(h);
    holders(h);
    ok(h, createTransferCheckedInstruction(pk(ALICE_TOKENS), pk(MINT), pk(BOB_TOKENS), pk(ALICE), 10_000n, 6, [], TOKEN_2022_PROGRAM_ID));
    ok(h, createBurnCheckedInstruction(pk(BOB_TOKENS), pk(MINT), pk(BOB), 9_900n, 6, [], TOKEN_2022_PROGRAM_ID));
    const out = refused(h, createCloseAccountInstruction(pk(BOB_TOKENS), pk(BOB), pk(BOB), [], TOKEN_2022_PROGRAM_ID));
    expect(out.err).toEqual(custom(35));
  });

  it("closes a mint through its close authority once its supply is burned (MintHasSupply, 28, before)", () => {
    const h = new ProgramHarness();
    feeMint(h);
    holders(h);
    const close = () => createCloseAccountInstruction(pk(MINT), pk(CLOSER), pk(CLOSER), [], TOKEN_2022_PROGRAM_ID);
    expect(refused(h, close()).err).toEqual(custom(28));
    ok(h, createBurnCheckedInstruction(pk(ALICE_TOKENS), pk(MINT), pk(ALICE), 1_000_000n, 6, [], TOKEN_2022_PROGRAM_ID));
    const wrongCloser = createCloseAccountInstruction(pk(MINT), pk(CLOSER), pk(ALICE), [], TOKEN_2022_PROGRAM_ID);
    expect(refused(h, wrongCloser).err).toEqual(custom(4));
    ok(h, close());
    expect(h.accounts.has(MINT)).toBe(false);
    expect(h.get(CLOSER).owner).toBe(SYSTEM_PROGRAM_ID);
  });

  it("hands a mint's extension authorities over through SetAuthority", () => {
    const h = new ProgramHarness();
    feeMint(h);
    ok(h, createSetAuthorityInstruction(pk(MINT), pk(CLOSER), AuthorityType.CloseMint, pk(BOB), [], TOKEN_2022_PROGRAM_ID));
    expect(getMintCloseAuthority(mintOf(h))?.closeAuthority.toBase58()).toBe(BOB);
    ok(h, createSetAuthorityInstruction(pk(MINT), pk(FEE_AUTHORITY), AuthorityType.TransferFeeConfig, null, [], TOKEN_2022_PROGRAM_ID));
    const gone = refused(
      h,
      createSetAuthorityInstruction(pk(MINT), pk(FEE_AUTHORITY), AuthorityType.TransferFeeConfig, pk(BOB), [], TOKEN_2022_PROGRAM_ID),
    );
    expect(gone.err).toEqual(custom(29));
  });
});
