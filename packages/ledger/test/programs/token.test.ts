import {
  AccountState as SplAccountState,
  AuthorityType,
  NATIVE_MINT as SPL_NATIVE_MINT,
  createAmountToUiAmountInstruction,
  createApproveCheckedInstruction,
  createApproveInstruction,
  createBurnCheckedInstruction,
  createBurnInstruction,
  createCloseAccountInstruction,
  createFreezeAccountInstruction,
  createInitializeAccount2Instruction,
  createInitializeAccount3Instruction,
  createInitializeAccountInstruction,
  createInitializeImmutableOwnerInstruction,
  createInitializeMint2Instruction,
  createInitializeMintInstruction,
  createInitializeMultisigInstruction,
  createMintToCheckedInstruction,
  createMintToInstruction,
  createRevokeInstruction,
  createSetAuthorityInstruction,
  createSyncNativeInstruction,
  createThawAccountInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  createUiAmountToAmountInstruction,
  unpackAccount,
  unpackMint,
  unpackMultisig,
} from "@solana/spl-token";
import { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { SYSTEM_PROGRAM_ID, minimumBalanceForRentExemption, type Address } from "../../src/account.js";
import {
  ACCOUNT_SIZE,
  MINT_SIZE,
  MULTISIG_SIZE,
  NATIVE_MINT,
  TOKEN_PROGRAM_ID,
  decodeTokenAccount,
  encodeTokenAccount,
  nativeMintData,
} from "../../src/programs/token/layout.js";
import { parseAccountJson, tokenBalanceOf, uiAmountString, uiTokenAmount } from "../../src/programs/token/parse.js";
import { ProgramHarness, publicKey, testAddress } from "../support/program-harness.js";

const TOKEN = TOKEN_PROGRAM_ID;
const MINT = testAddress(1);
const MINT_AUTHORITY = testAddress(2);
const FREEZE_AUTHORITY = testAddress(3);
const ALICE = testAddress(4);
const BOB = testAddress(5);
const ALICE_TOKENS = testAddress(6);
const BOB_TOKENS = testAddress(7);
const ACCOUNT_RENT = minimumBalanceForRentExemption(ACCOUNT_SIZE);
const MINT_RENT = minimumBalanceForRentExemption(MINT_SIZE);

const invoked = `Program ${TOKEN} invoke [1]`;
const consumed = (units: number): string => `Program ${TOKEN} consumed ${units} of 200000 compute units`;
const success = `Program ${TOKEN} success`;
const failed = (what: string): string => `Program ${TOKEN} failed: ${what}`;

function ok(h: ProgramHarness, ix: TransactionInstruction): string[] {
  const out = h.process(ix);
  expect(out.err).toBeNull();
  return out.logs;
}

function tokenAccount(h: ProgramHarness, address: Address) {
  return unpackAccount(publicKey(address), h.accountInfo(address));
}

function mintState(h: ProgramHarness, address: Address) {
  return unpackMint(publicKey(address), h.accountInfo(address));
}

/** A mint with 6 decimals and a freeze authority; Alice holds 1000 of it, Bob an empty account. */
function setup(): ProgramHarness {
  const h = new ProgramHarness();
  h.allocate(MINT, MINT_SIZE, TOKEN);
  ok(h, createInitializeMint2Instruction(publicKey(MINT), 6, publicKey(MINT_AUTHORITY), publicKey(FREEZE_AUTHORITY)));
  for (const [account, owner] of [
    [ALICE_TOKENS, ALICE],
    [BOB_TOKENS, BOB],
  ] as const) {
    h.allocate(account, ACCOUNT_SIZE, TOKEN);
    ok(h, createInitializeAccount3Instruction(publicKey(account), publicKey(MINT), publicKey(owner)));
  }
  ok(h, createMintToInstruction(publicKey(MINT), publicKey(ALICE_TOKENS), publicKey(MINT_AUTHORITY), 1000n));
  return h;
}

/** Clears the signer flag of the account at `index`, as if that key had not signed. */
function unsigned(ix: TransactionInstruction, index: number): TransactionInstruction {
  ix.keys[index] = { ...ix.keys[index]!, isSigner: false };
  return ix;
}

describe("InitializeMint", () => {
  it("initialises a mint that spl-token decodes", () => {
    const h = new ProgramHarness();
    h.allocate(MINT, MINT_SIZE, TOKEN);
    const logs = ok(h, createInitializeMint2Instruction(publicKey(MINT), 6, publicKey(MINT_AUTHORITY), publicKey(FREEZE_AUTHORITY)));
    expect(logs).toEqual([invoked, "Program log: Instruction: InitializeMint2", consumed(2920), success]);
    const mint = mintState(h, MINT);
    expect(mint.isInitialized).toBe(true);
    expect(mint.decimals).toBe(6);
    expect(mint.supply).toBe(0n);
    expect(mint.mintAuthority?.toBase58()).toBe(MINT_AUTHORITY);
    expect(mint.freezeAuthority?.toBase58()).toBe(FREEZE_AUTHORITY);
  });

  it("takes the Rent sysvar in the original variant and may have no freeze authority", () => {
    const h = new ProgramHarness();
    h.allocate(MINT, MINT_SIZE, TOKEN);
    const logs = ok(h, createInitializeMintInstruction(publicKey(MINT), 0, publicKey(MINT_AUTHORITY), null));
    expect(logs).toEqual([invoked, "Program log: Instruction: InitializeMint", consumed(2967), success]);
    expect(mintState(h, MINT).freezeAuthority).toBeNull();
    expect(mintState(h, MINT).decimals).toBe(0);
  });

  it("refuses a second initialisation and a mint below the rent-exempt minimum", () => {
    const h = setup();
    const again = h.process(createInitializeMint2Instruction(publicKey(MINT), 2, publicKey(ALICE), null));
    expect(again.err).toEqual({ InstructionError: [0, { Custom: 6 }] });
    expect(again.logs).toEqual([
      invoked,
      "Program log: Instruction: InitializeMint2",
      "Program log: Error: account or token already in use",
      consumed(2920),
      failed("custom program error: 0x6"),
    ]);
    const poor = testAddress(40);
    h.allocate(poor, MINT_SIZE, TOKEN, MINT_RENT - 1n);
    expect(h.process(createInitializeMint2Instruction(publicKey(poor), 2, publicKey(ALICE), null)).err).toEqual({
      InstructionError: [0, { Custom: 0 }],
    });
  });

  it("refuses undecodable instruction data with InvalidInstruction", () => {
    const h = setup();
    const out = h.process(new TransactionInstruction({ programId: publicKey(TOKEN), keys: [], data: Buffer.from([3, 1, 2]) }));
    expect(out.err).toEqual({ InstructionError: [0, { Custom: 12 }] });
    expect(out.logs).toEqual([invoked, "Program log: Error: Invalid instruction", consumed(150), failed("custom program error: 0xc")]);
  });
});

describe("InitializeAccount", () => {
  it("initialises through all three variants", () => {
    const h = setup();
    const [a1, a2, a3] = [testAddress(41), testAddress(42), testAddress(43)];
    for (const a of [a1, a2, a3]) h.allocate(a, ACCOUNT_SIZE, TOKEN);
    expect(ok(h, createInitializeAccountInstruction(publicKey(a1), publicKey(MINT), publicKey(ALICE)))).toEqual([
      invoked,
      "Program log: Instruction: InitializeAccount",
      consumed(4527),
      success,
    ]);
    expect(ok(h, createInitializeAccount2Instruction(publicKey(a2), publicKey(MINT), publicKey(BOB)))[1]).toBe(
      "Program log: Instruction: InitializeAccount2",
    );
    expect(ok(h, createInitializeAccount3Instruction(publicKey(a3), publicKey(MINT), publicKey(ALICE)))).toEqual([
      invoked,
      "Program log: Instruction: InitializeAccount3",
      consumed(4241),
      success,
    ]);
    for (const [a, owner] of [
      [a1, ALICE],
      [a2, BOB],
      [a3, ALICE],
    ] as const) {
      const state = tokenAccount(h, a);
      expect(state.mint.toBase58()).toBe(MINT);
      expect(state.owner.toBase58()).toBe(owner);
      expect(state.amount).toBe(0n);
      expect(state.isInitialized).toBe(true);
      expect(state.isFrozen).toBe(false);
      expect(state.isNative).toBe(false);
      expect(state.delegate).toBeNull();
      expect(state.closeAuthority).toBeNull();
    }
  });

  it("refuses an uninitialised mint, a used account and a rent-paying one", () => {
    const h = setup();
    const blankMint = testAddress(44);
    h.allocate(blankMint, MINT_SIZE, TOKEN);
    const target = testAddress(45);
    h.allocate(target, ACCOUNT_SIZE, TOKEN);
    const bad = h.process(createInitializeAccount3Instruction(publicKey(target), publicKey(blankMint), publicKey(ALICE)));
    expect(bad.err).toEqual({ InstructionError: [0, { Custom: 2 }] });
    expect(bad.logs[2]).toBe("Program log: Error: Invalid Mint");
    expect(h.process(createInitializeAccount3Instruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(BOB))).err).toEqual({
      InstructionError: [0, { Custom: 6 }],
    });
    const poor = testAddress(46);
    h.allocate(poor, ACCOUNT_SIZE, TOKEN, ACCOUNT_RENT - 1n);
    expect(h.process(createInitializeAccount3Instruction(publicKey(poor), publicKey(MINT), publicKey(ALICE))).err).toEqual({
      InstructionError: [0, { Custom: 0 }],
    });
  });
});

describe("MintTo and Burn", () => {
  it("mints to an account and raises the supply", () => {
    const h = setup();
    const logs = ok(h, createMintToInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(MINT_AUTHORITY), 250n));
    expect(logs).toEqual([invoked, "Program log: Instruction: MintTo", consumed(4538), success]);
    expect(tokenAccount(h, BOB_TOKENS).amount).toBe(250n);
    expect(mintState(h, MINT).supply).toBe(1250n);
    ok(h, createMintToCheckedInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(MINT_AUTHORITY), 5n, 6));
    expect(tokenAccount(h, BOB_TOKENS).amount).toBe(255n);
  });

  it("refuses a wrong authority, wrong decimals and a missing signature", () => {
    const h = setup();
    const wrong = h.process(createMintToInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(BOB), 1n));
    expect(wrong.err).toEqual({ InstructionError: [0, { Custom: 4 }] });
    expect(wrong.logs[2]).toBe("Program log: Error: owner does not match");
    expect(h.process(createMintToCheckedInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(MINT_AUTHORITY), 1n, 9)).err).toEqual(
      { InstructionError: [0, { Custom: 18 }] },
    );
    const missing = h.process(unsigned(createMintToInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(MINT_AUTHORITY), 1n), 2));
    expect(missing.err).toEqual({ InstructionError: [0, "MissingRequiredSignature"] });
    expect(missing.logs[2]).toBe("Program log: Error: MissingRequiredSignature");
    expect(missing.logs[4]).toBe(failed("missing required signature for instruction"));
    expect(mintState(h, MINT).supply).toBe(1000n);
  });

  it("burns from the owner's account and lowers the supply", () => {
    const h = setup();
    expect(ok(h, createBurnInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(ALICE), 300n))).toEqual([
      invoked,
      "Program log: Instruction: Burn",
      consumed(4753),
      success,
    ]);
    ok(h, createBurnCheckedInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(ALICE), 100n, 6));
    expect(tokenAccount(h, ALICE_TOKENS).amount).toBe(600n);
    expect(mintState(h, MINT).supply).toBe(600n);
    expect(h.process(createBurnInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(ALICE), 601n)).err).toEqual({
      InstructionError: [0, { Custom: 1 }],
    });
    expect(h.process(createBurnCheckedInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(ALICE), 1n, 2)).err).toEqual({
      InstructionError: [0, { Custom: 18 }],
    });
  });
});

describe("Transfer", () => {
  it("moves tokens between accounts of one mint", () => {
    const h = setup();
    const logs = ok(h, createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(BOB_TOKENS), publicKey(ALICE), 250n));
    expect(logs).toEqual([invoked, "Program log: Instruction: Transfer", consumed(4645), success]);
    expect(tokenAccount(h, ALICE_TOKENS).amount).toBe(750n);
    expect(tokenAccount(h, BOB_TOKENS).amount).toBe(250n);
  });

  it("checks decimals and mint in TransferChecked", () => {
    const h = setup();
    const logs = ok(
      h,
      createTransferCheckedInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(BOB_TOKENS), publicKey(ALICE), 400n, 6),
    );
    expect(logs).toEqual([invoked, "Program log: Instruction: TransferChecked", consumed(6200), success]);
    expect(tokenAccount(h, BOB_TOKENS).amount).toBe(400n);

    const wrongDecimals = h.process(
      createTransferCheckedInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(BOB_TOKENS), publicKey(ALICE), 1n, 9),
    );
    expect(wrongDecimals.err).toEqual({ InstructionError: [0, { Custom: 18 }] });
    expect(wrongDecimals.logs).toEqual([
      invoked,
      "Program log: Instruction: TransferChecked",
      "Program log: Error: decimals different from the Mint decimals",
      consumed(6200),
      failed("custom program error: 0x12"),
    ]);
    const otherMint = testAddress(47);
    h.allocate(otherMint, MINT_SIZE, TOKEN);
    ok(h, createInitializeMint2Instruction(publicKey(otherMint), 6, publicKey(MINT_AUTHORITY), null));
    const wrongMint = h.process(
      createTransferCheckedInstruction(publicKey(ALICE_TOKENS), publicKey(otherMint), publicKey(BOB_TOKENS), publicKey(ALICE), 1n, 6),
    );
    expect(wrongMint.err).toEqual({ InstructionError: [0, { Custom: 3 }] });
    expect(tokenAccount(h, ALICE_TOKENS).amount).toBe(600n);
  });

  it("refuses insufficient funds, a foreign owner and a different mint", () => {
    const h = setup();
    const poor = h.process(createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(BOB_TOKENS), publicKey(ALICE), 1001n));
    expect(poor.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(poor.logs).toEqual([
      invoked,
      "Program log: Instruction: Transfer",
      "Program log: Error: insufficient funds",
      consumed(4645),
      failed("custom program error: 0x1"),
    ]);
    const stranger = h.process(createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(BOB_TOKENS), publicKey(BOB), 1n));
    expect(stranger.err).toEqual({ InstructionError: [0, { Custom: 4 }] });
    expect(stranger.logs[2]).toBe("Program log: Error: owner does not match");

    const otherMint = testAddress(48);
    const otherAccount = testAddress(49);
    h.allocate(otherMint, MINT_SIZE, TOKEN);
    ok(h, createInitializeMint2Instruction(publicKey(otherMint), 6, publicKey(MINT_AUTHORITY), null));
    h.allocate(otherAccount, ACCOUNT_SIZE, TOKEN);
    ok(h, createInitializeAccount3Instruction(publicKey(otherAccount), publicKey(otherMint), publicKey(BOB)));
    expect(h.process(createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(otherAccount), publicKey(ALICE), 1n)).err).toEqual({
      InstructionError: [0, { Custom: 3 }],
    });
    expect(tokenAccount(h, ALICE_TOKENS).amount).toBe(1000n);
  });

  it("treats a transfer to itself as a validated no-op", () => {
    const h = setup();
    ok(h, createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(ALICE_TOKENS), publicKey(ALICE), 10n));
    expect(tokenAccount(h, ALICE_TOKENS).amount).toBe(1000n);
    expect(h.process(createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(ALICE_TOKENS), publicKey(ALICE), 1001n)).err).toEqual({
      InstructionError: [0, { Custom: 1 }],
    });
  });
});

describe("Approve and Revoke", () => {
  it("lets a delegate spend up to its allowance", () => {
    const h = setup();
    expect(ok(h, createApproveInstruction(publicKey(ALICE_TOKENS), publicKey(BOB), publicKey(ALICE), 100n))).toEqual([
      invoked,
      "Program log: Instruction: Approve",
      consumed(2904),
      success,
    ]);
    let state = tokenAccount(h, ALICE_TOKENS);
    expect(state.delegate?.toBase58()).toBe(BOB);
    expect(state.delegatedAmount).toBe(100n);

    ok(h, createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(BOB_TOKENS), publicKey(BOB), 60n));
    state = tokenAccount(h, ALICE_TOKENS);
    expect(state.amount).toBe(940n);
    expect(state.delegatedAmount).toBe(40n);
    expect(h.process(createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(BOB_TOKENS), publicKey(BOB), 41n)).err).toEqual({
      InstructionError: [0, { Custom: 1 }],
    });

    // Spending the whole allowance removes the delegate.
    ok(h, createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(BOB_TOKENS), publicKey(BOB), 40n));
    state = tokenAccount(h, ALICE_TOKENS);
    expect(state.delegate).toBeNull();
    expect(state.delegatedAmount).toBe(0n);
    expect(tokenAccount(h, BOB_TOKENS).amount).toBe(100n);
  });

  it("revokes a delegate, after which it is just a stranger", () => {
    const h = setup();
    ok(h, createApproveCheckedInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(BOB), publicKey(ALICE), 100n, 6));
    expect(ok(h, createRevokeInstruction(publicKey(ALICE_TOKENS), publicKey(ALICE)))).toEqual([
      invoked,
      "Program log: Instruction: Revoke",
      consumed(2777),
      success,
    ]);
    const state = tokenAccount(h, ALICE_TOKENS);
    expect(state.delegate).toBeNull();
    expect(state.delegatedAmount).toBe(0n);
    expect(h.process(createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(BOB_TOKENS), publicKey(BOB), 1n)).err).toEqual({
      InstructionError: [0, { Custom: 4 }],
    });
    expect(h.process(createRevokeInstruction(publicKey(ALICE_TOKENS), publicKey(BOB))).err).toEqual({
      InstructionError: [0, { Custom: 4 }],
    });
  });

  it("lets a delegate burn", () => {
    const h = setup();
    ok(h, createApproveInstruction(publicKey(ALICE_TOKENS), publicKey(BOB), publicKey(ALICE), 10n));
    ok(h, createBurnInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(BOB), 10n));
    expect(tokenAccount(h, ALICE_TOKENS).amount).toBe(990n);
    expect(tokenAccount(h, ALICE_TOKENS).delegate).toBeNull();
  });
});

describe("FreezeAccount and ThawAccount", () => {
  it("freezes and thaws with the freeze authority", () => {
    const h = setup();
    expect(ok(h, createFreezeAccountInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(FREEZE_AUTHORITY)))).toEqual([
      invoked,
      "Program log: Instruction: FreezeAccount",
      consumed(4314),
      success,
    ]);
    expect(tokenAccount(h, ALICE_TOKENS).isFrozen).toBe(true);

    const frozen = h.process(createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(BOB_TOKENS), publicKey(ALICE), 1n));
    expect(frozen.err).toEqual({ InstructionError: [0, { Custom: 17 }] });
    expect(frozen.logs[2]).toBe("Program log: Error: Account is frozen");
    expect(h.process(createTransferInstruction(publicKey(BOB_TOKENS), publicKey(ALICE_TOKENS), publicKey(BOB), 0n)).err).toEqual({
      InstructionError: [0, { Custom: 17 }],
    });
    expect(h.process(createFreezeAccountInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(FREEZE_AUTHORITY))).err).toEqual({
      InstructionError: [0, { Custom: 13 }],
    });

    ok(h, createThawAccountInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(FREEZE_AUTHORITY)));
    expect(tokenAccount(h, ALICE_TOKENS).isFrozen).toBe(false);
    ok(h, createTransferInstruction(publicKey(ALICE_TOKENS), publicKey(BOB_TOKENS), publicKey(ALICE), 1n));
  });

  it("refuses the wrong authority and a mint without one", () => {
    const h = setup();
    expect(h.process(createFreezeAccountInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(MINT_AUTHORITY))).err).toEqual({
      InstructionError: [0, { Custom: 4 }],
    });
    ok(h, createSetAuthorityInstruction(publicKey(MINT), publicKey(FREEZE_AUTHORITY), AuthorityType.FreezeAccount, null));
    const none = h.process(createFreezeAccountInstruction(publicKey(ALICE_TOKENS), publicKey(MINT), publicKey(FREEZE_AUTHORITY)));
    expect(none.err).toEqual({ InstructionError: [0, { Custom: 16 }] });
    expect(none.logs[2]).toBe("Program log: Error: This token mint cannot freeze accounts");
  });
});

describe("SetAuthority", () => {
  it("hands over and then removes the mint authority", () => {
    const h = setup();
    expect(
      ok(h, createSetAuthorityInstruction(publicKey(MINT), publicKey(MINT_AUTHORITY), AuthorityType.MintTokens, publicKey(BOB))),
    ).toEqual([invoked, "Program log: Instruction: SetAuthority", consumed(3165), success]);
    expect(mintState(h, MINT).mintAuthority?.toBase58()).toBe(BOB);
    expect(h.process(createMintToInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(MINT_AUTHORITY), 1n)).err).toEqual({
      InstructionError: [0, { Custom: 4 }],
    });
    ok(h, createMintToInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(BOB), 1n));

    ok(h, createSetAuthorityInstruction(publicKey(MINT), publicKey(BOB), AuthorityType.MintTokens, null));
    expect(mintState(h, MINT).mintAuthority).toBeNull();
    const fixed = h.process(createMintToInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(BOB), 1n));
    expect(fixed.err).toEqual({ InstructionError: [0, { Custom: 5 }] });
    expect(fixed.logs[2]).toBe("Program log: Error: the total supply of this token is fixed");
  });

  it("changes an account's owner and close authority", () => {
    const h = setup();
    ok(h, createApproveInstruction(publicKey(ALICE_TOKENS), publicKey(BOB), publicKey(ALICE), 5n));
    ok(
      h,
      createSetAuthorityInstruction(publicKey(ALICE_TOKENS), publicKey(ALICE), AuthorityType.CloseAccount, publicKey(FREEZE_AUTHORITY)),
    );
    expect(tokenAccount(h, ALICE_TOKENS).closeAuthority?.toBase58()).toBe(FREEZE_AUTHORITY);
    ok(h, createSetAuthorityInstruction(publicKey(ALICE_TOKENS), publicKey(ALICE), AuthorityType.AccountOwner, publicKey(BOB)));
    const state = tokenAccount(h, ALICE_TOKENS);
    expect(state.owner.toBase58()).toBe(BOB);
    // A new owner starts without the old owner's delegate.
    expect(state.delegate).toBeNull();
    expect(state.delegatedAmount).toBe(0n);
    expect(state.closeAuthority?.toBase58()).toBe(FREEZE_AUTHORITY);
    expect(
      h.process(createSetAuthorityInstruction(publicKey(ALICE_TOKENS), publicKey(BOB), AuthorityType.MintTokens, publicKey(BOB))).err,
    ).toEqual({ InstructionError: [0, { Custom: 15 }] });
    expect(h.process(createSetAuthorityInstruction(publicKey(ALICE_TOKENS), publicKey(BOB), AuthorityType.AccountOwner, null)).err).toEqual(
      { InstructionError: [0, { Custom: 12 }] },
    );
  });
});

describe("CloseAccount", () => {
  it("refuses an account still holding tokens", () => {
    const h = setup();
    const out = h.process(createCloseAccountInstruction(publicKey(ALICE_TOKENS), publicKey(ALICE), publicKey(ALICE)));
    expect(out.err).toEqual({ InstructionError: [0, { Custom: 11 }] });
    expect(out.logs).toEqual([
      invoked,
      "Program log: Instruction: CloseAccount",
      "Program log: Error: Non-native account can only be closed if its balance is zero",
      consumed(2915),
      failed("custom program error: 0xb"),
    ]);
  });

  it("closes an empty account, paying its lamports out and deleting it", () => {
    const h = setup();
    expect(ok(h, createCloseAccountInstruction(publicKey(BOB_TOKENS), publicKey(BOB), publicKey(BOB)))).toEqual([
      invoked,
      "Program log: Instruction: CloseAccount",
      consumed(2915),
      success,
    ]);
    expect(h.get(BOB).lamports).toBe(ACCOUNT_RENT);
    const closed = h.get(BOB_TOKENS);
    expect(closed.lamports).toBe(0n);
    expect(closed.owner).toBe(SYSTEM_PROGRAM_ID);
    expect(closed.data.length).toBe(0);
  });

  it("honours a close authority instead of the owner", () => {
    const h = setup();
    ok(h, createSetAuthorityInstruction(publicKey(BOB_TOKENS), publicKey(BOB), AuthorityType.CloseAccount, publicKey(ALICE)));
    expect(h.process(createCloseAccountInstruction(publicKey(BOB_TOKENS), publicKey(BOB), publicKey(BOB))).err).toEqual({
      InstructionError: [0, { Custom: 4 }],
    });
    ok(h, createCloseAccountInstruction(publicKey(BOB_TOKENS), publicKey(ALICE), publicKey(ALICE)));
    expect(h.get(ALICE).lamports).toBe(ACCOUNT_RENT);
  });
});

describe("wrapped SOL", () => {
  const WRAPPED_ALICE = testAddress(50);
  const WRAPPED_BOB = testAddress(51);
  const SOL = 1_000_000_000n;

  function wrapped(): ProgramHarness {
    const h = new ProgramHarness();
    h.allocate(NATIVE_MINT, MINT_SIZE, TOKEN).data = nativeMintData();
    h.allocate(WRAPPED_ALICE, ACCOUNT_SIZE, TOKEN, ACCOUNT_RENT + 2n * SOL);
    h.allocate(WRAPPED_BOB, ACCOUNT_SIZE, TOKEN);
    ok(h, createInitializeAccount3Instruction(publicKey(WRAPPED_ALICE), SPL_NATIVE_MINT, publicKey(ALICE)));
    ok(h, createInitializeAccountInstruction(publicKey(WRAPPED_BOB), SPL_NATIVE_MINT, publicKey(BOB)));
    return h;
  }

  it("counts lamports above the rent reserve as tokens", () => {
    const h = wrapped();
    const state = tokenAccount(h, WRAPPED_ALICE);
    expect(state.isNative).toBe(true);
    expect(state.rentExemptReserve).toBe(2_039_280n);
    expect(state.amount).toBe(2n * SOL);
    expect(tokenAccount(h, WRAPPED_BOB).amount).toBe(0n);
    expect(mintState(h, NATIVE_MINT).decimals).toBe(9);
  });

  it("syncs lamports sent to the account into its token amount", () => {
    const h = wrapped();
    h.fund(WRAPPED_ALICE, 500n);
    expect(ok(h, createSyncNativeInstruction(publicKey(WRAPPED_ALICE)))).toEqual([
      invoked,
      "Program log: Instruction: SyncNative",
      consumed(3045),
      success,
    ]);
    expect(tokenAccount(h, WRAPPED_ALICE).amount).toBe(2n * SOL + 500n);
    const notNative = setup().process(createSyncNativeInstruction(publicKey(ALICE_TOKENS)));
    expect(notNative.err).toEqual({ InstructionError: [0, { Custom: 19 }] });
    expect(notNative.logs[2]).toBe("Program log: Error: Instruction does not support non-native tokens");
  });

  it("moves lamports along with wrapped tokens, and refuses minting them", () => {
    const h = wrapped();
    ok(
      h,
      createTransferCheckedInstruction(
        publicKey(WRAPPED_ALICE),
        publicKey(NATIVE_MINT),
        publicKey(WRAPPED_BOB),
        publicKey(ALICE),
        SOL / 2n,
        9,
      ),
    );
    expect(h.get(WRAPPED_ALICE).lamports).toBe(ACCOUNT_RENT + (3n * SOL) / 2n);
    expect(h.get(WRAPPED_BOB).lamports).toBe(ACCOUNT_RENT + SOL / 2n);
    expect(tokenAccount(h, WRAPPED_ALICE).amount).toBe((3n * SOL) / 2n);
    expect(tokenAccount(h, WRAPPED_BOB).amount).toBe(SOL / 2n);
    expect(h.process(createMintToInstruction(publicKey(NATIVE_MINT), publicKey(WRAPPED_BOB), publicKey(ALICE), 1n)).err).toEqual({
      InstructionError: [0, { Custom: 10 }],
    });
  });

  it("closes with a balance, paying out every lamport", () => {
    const h = wrapped();
    ok(h, createCloseAccountInstruction(publicKey(WRAPPED_ALICE), publicKey(ALICE), publicKey(ALICE)));
    expect(h.get(ALICE).lamports).toBe(ACCOUNT_RENT + 2n * SOL);
    expect(h.get(WRAPPED_ALICE).lamports).toBe(0n);
    expect(h.get(WRAPPED_ALICE).data.length).toBe(0);
  });
});

describe("multisig", () => {
  const MULTISIG = testAddress(60);
  const [S1, S2, S3] = [testAddress(61), testAddress(62), testAddress(63)];

  function withMultisigAuthority(): ProgramHarness {
    const h = setup();
    h.allocate(MULTISIG, MULTISIG_SIZE, TOKEN);
    expect(ok(h, createInitializeMultisigInstruction(publicKey(MULTISIG), [publicKey(S1), publicKey(S2), publicKey(S3)], 2))[1]).toBe(
      "Program log: Instruction: InitializeMultisig",
    );
    ok(h, createSetAuthorityInstruction(publicKey(MINT), publicKey(MINT_AUTHORITY), AuthorityType.MintTokens, publicKey(MULTISIG)));
    return h;
  }

  it("stores m, n and the signers", () => {
    const h = withMultisigAuthority();
    const ms = unpackMultisig(publicKey(MULTISIG), h.accountInfo(MULTISIG));
    expect(ms.m).toBe(2);
    expect(ms.n).toBe(3);
    expect(ms.isInitialized).toBe(true);
    expect([ms.signer1, ms.signer2, ms.signer3].map((k) => k.toBase58())).toEqual([S1, S2, S3]);
  });

  it("acts with two of three signatures and not with one", () => {
    const h = withMultisigAuthority();
    ok(h, createMintToInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(MULTISIG), 7n, [publicKey(S1), publicKey(S3)]));
    expect(tokenAccount(h, BOB_TOKENS).amount).toBe(7n);

    const one = h.process(createMintToInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(MULTISIG), 7n, [publicKey(S2)]));
    expect(one.err).toEqual({ InstructionError: [0, "MissingRequiredSignature"] });
    // The same signer twice still counts once.
    expect(
      h.process(createMintToInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(MULTISIG), 7n, [publicKey(S2), publicKey(S2)]))
        .err,
    ).toEqual({ InstructionError: [0, "MissingRequiredSignature"] });
    // A listed signer that did not sign spoils the set.
    const spoiled = unsigned(
      createMintToInstruction(publicKey(MINT), publicKey(BOB_TOKENS), publicKey(MULTISIG), 7n, [
        publicKey(S1),
        publicKey(S2),
        publicKey(S3),
      ]),
      4,
    );
    expect(h.process(spoiled).err).toEqual({ InstructionError: [0, "MissingRequiredSignature"] });
    expect(tokenAccount(h, BOB_TOKENS).amount).toBe(7n);
  });

  it("refuses more required signers than allowed", () => {
    const h = setup();
    h.allocate(MULTISIG, MULTISIG_SIZE, TOKEN);
    expect(h.process(createInitializeMultisigInstruction(publicKey(MULTISIG), [publicKey(S1)], 12)).err).toEqual({
      InstructionError: [0, { Custom: 8 }],
    });
  });
});

describe("queries", () => {
  it("returns the account size, UI amounts and amounts", () => {
    const h = setup();
    const size = h.process(
      new TransactionInstruction({
        programId: publicKey(TOKEN),
        keys: [{ pubkey: publicKey(MINT), isSigner: false, isWritable: false }],
        data: Buffer.from([21]),
      }),
    );
    expect(size.logs).toEqual([
      invoked,
      "Program log: Instruction: GetAccountDataSize",
      consumed(1622),
      `Program return: ${TOKEN} pQAAAAAAAAA=`,
      success,
    ]);
    expect(size.returnData?.data.readBigUInt64LE(0)).toBe(165n);

    const ui = h.process(createAmountToUiAmountInstruction(publicKey(MINT), 1_234_500n));
    expect(ui.returnData?.data.toString()).toBe("1.2345");
    const amount = h.process(createUiAmountToAmountInstruction(publicKey(MINT), "1.2345"));
    expect(amount.returnData?.data.readBigUInt64LE(0)).toBe(1_234_500n);
    expect(h.process(createUiAmountToAmountInstruction(publicKey(MINT), "0.0000001")).err).toEqual({
      InstructionError: [0, "InvalidArgument"],
    });
  });

  it("accepts InitializeImmutableOwner on a fresh account only", () => {
    const h = setup();
    const fresh = testAddress(70);
    h.allocate(fresh, ACCOUNT_SIZE, TOKEN);
    expect(ok(h, createInitializeImmutableOwnerInstruction(publicKey(fresh), publicKey(TOKEN)))).toEqual([
      invoked,
      "Program log: Instruction: InitializeImmutableOwner",
      "Program log: Please upgrade to SPL Token 2022 for immutable owner support",
      consumed(1405),
      success,
    ]);
    expect(h.process(createInitializeImmutableOwnerInstruction(publicKey(ALICE_TOKENS), publicKey(TOKEN))).err).toEqual({
      InstructionError: [0, { Custom: 6 }],
    });
  });
});

describe("layout", () => {
  it("round-trips an account byte for byte, keeping stale bytes behind a None", () => {
    const h = setup();
    ok(h, createApproveInstruction(publicKey(ALICE_TOKENS), publicKey(BOB), publicKey(ALICE), 3n));
    ok(h, createRevokeInstruction(publicKey(ALICE_TOKENS), publicKey(ALICE)));
    const data = h.get(ALICE_TOKENS).data;
    // The delegate's key is still there behind a None tag, as the real program leaves it.
    expect(new PublicKey(data.subarray(76, 108)).toBase58()).toBe(BOB);
    expect(encodeTokenAccount(decodeTokenAccount(data), Buffer.from(data)).equals(data)).toBe(true);
    expect(data[108]).toBe(SplAccountState.Initialized);
  });
});

describe("RPC views", () => {
  it("formats UI amounts like Solana", () => {
    expect(uiAmountString(0n, 6)).toBe("0");
    expect(uiAmountString(1n, 6)).toBe("0.000001");
    expect(uiAmountString(1_500_000n, 6)).toBe("1.5");
    expect(uiAmountString(2_000_000n, 6)).toBe("2");
    expect(uiAmountString(100n, 0)).toBe("100");
    expect(uiAmountString(18_446_744_073_709_551_615n, 9)).toBe("18446744073.709551615");
    expect(uiTokenAmount(35_933_485n, 6)).toEqual({ amount: "35933485", decimals: 6, uiAmount: 35.933485, uiAmountString: "35.933485" });
    expect(uiTokenAmount(5n, 20).uiAmount).toBeNull();
  });

  it("parses token accounts and mints as jsonParsed", () => {
    const h = setup();
    ok(h, createApproveInstruction(publicKey(ALICE_TOKENS), publicKey(BOB), publicKey(ALICE), 100n));
    const lookup = (a: Address) => h.accounts.get(a);
    const parsed = parseAccountJson(h.get(ALICE_TOKENS), lookup);
    expect(JSON.stringify(parsed)).toBe(
      JSON.stringify({
        parsed: {
          info: {
            delegate: BOB,
            delegatedAmount: { amount: "100", decimals: 6, uiAmount: 0.0001, uiAmountString: "0.0001" },
            isNative: false,
            mint: MINT,
            owner: ALICE,
            state: "initialized",
            tokenAmount: { amount: "1000", decimals: 6, uiAmount: 0.001, uiAmountString: "0.001" },
          },
          type: "account",
        },
        program: "spl-token",
        space: 165,
      }),
    );
    expect(parseAccountJson(h.get(MINT), lookup)).toEqual({
      parsed: {
        info: { decimals: 6, freezeAuthority: FREEZE_AUTHORITY, isInitialized: true, mintAuthority: MINT_AUTHORITY, supply: "1000" },
        type: "mint",
      },
      program: "spl-token",
      space: 82,
    });
    const blank = testAddress(71);
    h.allocate(blank, ACCOUNT_SIZE, TOKEN);
    expect(parseAccountJson(h.get(blank), lookup)).toBeNull();
  });

  it("shows a wrapped SOL account's reserve and yields token balances", () => {
    const h = new ProgramHarness();
    const wsol = testAddress(72);
    h.allocate(wsol, ACCOUNT_SIZE, TOKEN, ACCOUNT_RENT + 5n);
    ok(h, createInitializeAccount3Instruction(publicKey(wsol), SPL_NATIVE_MINT, publicKey(ALICE)));
    // The native mint's decimals are known even where its account is missing.
    const parsed = parseAccountJson(h.get(wsol), () => undefined);
    expect(parsed?.parsed).toEqual({
      info: {
        isNative: true,
        mint: NATIVE_MINT,
        owner: ALICE,
        rentExemptReserve: { amount: "2039280", decimals: 9, uiAmount: 0.00203928, uiAmountString: "0.00203928" },
        state: "initialized",
        tokenAmount: { amount: "5", decimals: 9, uiAmount: 0.000000005, uiAmountString: "0.000000005" },
      },
      type: "account",
    });
    expect(tokenBalanceOf(h.get(wsol), () => undefined)).toEqual({
      mint: NATIVE_MINT,
      owner: ALICE,
      amount: 5n,
      decimals: 9,
      programId: TOKEN,
    });
    expect(tokenBalanceOf(h.get(ALICE), () => undefined)).toBeNull();
  });
});
