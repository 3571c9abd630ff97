import { describe, expect, it } from "vitest";
import { SYSTEM_PROGRAM_ID, type InstructionAccount, type InstructionContext } from "@ballast/ledger";
import { defineInstructions } from "@ballast/codec";
import { ProgramFailure, accountSpecMismatches, declareAccounts, knownAddress, programAccount, signer, unchecked } from "../src/index.js";

const PROGRAM = "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA";
const VAULT = { name: "Vault", discriminator: Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]) } as const;

function account(key: string, options: { signer?: boolean; writable?: boolean; data?: Buffer; owner?: string } = {}): InstructionAccount {
  return {
    key,
    isSigner: options.signer ?? false,
    isWritable: options.writable ?? false,
    account: {
      lamports: options.data === undefined ? 0n : 1n,
      data: options.data ?? Buffer.alloc(0),
      owner: options.owner ?? SYSTEM_PROGRAM_ID,
      executable: false,
      rentEpoch: 0n,
    },
  } as InstructionAccount;
}

const context = (accounts: InstructionAccount[]) => ({ programId: PROGRAM, accounts }) as unknown as InstructionContext;

/** The Anchor error a failing evaluation raises, with the account it names. */
function failure(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof ProgramFailure) return `${e.errorName}${e.account === null ? "" : ` (${e.account})`}`;
    throw e;
  }
  return "passed";
}

const vaultData = Buffer.concat([VAULT.discriminator, Buffer.alloc(8)]);
const Spec = declareAccounts(
  {
    vault: programAccount(VAULT, { mut: "constraint" }),
    owner: signer(),
    sysvar: knownAddress("Sysvar1nstructions1111111111111111111111111"),
    destinationAccount: unchecked({ mut: "load" }),
  },
  (a) => ({
    vault: () => {
      if (a.vault.data.readBigUInt64LE(8) !== 0n) throw new ProgramFailure("Custom", { code: 6000, message: "custom" }, "vault");
    },
  }),
);

const valid = () => [
  account("vault", { data: Buffer.from(vaultData), owner: PROGRAM, writable: true }),
  account("owner", { signer: true }),
  account("Sysvar1nstructions1111111111111111111111111"),
  account("destination", { writable: true }),
  account("risk"),
];

describe("declareAccounts", () => {
  it("summarises the accounts as the IDL lists them, snake_case names in order", () => {
    expect(Spec.summary).toEqual([
      { name: "vault", writable: true, signer: false },
      { name: "owner", writable: false, signer: true },
      { name: "sysvar", writable: false, signer: false },
      { name: "destination_account", writable: true, signer: false },
    ]);
    expect(Spec.count).toBe(4);
  });

  it("yields named accounts with typed data and the remaining accounts", () => {
    const { accounts, remaining } = Spec.load(context(valid()));
    expect(accounts.vault.name).toBe("vault");
    expect(accounts.vault.data.subarray(0, 8)).toEqual(VAULT.discriminator);
    expect(accounts.owner.key).toBe("owner");
    expect(remaining.map((a) => a.key)).toEqual(["risk"]);
  });

  it("loads every account before any constraint runs, as Anchor does", () => {
    const accounts = valid();
    accounts[0] = account("vault", { data: Buffer.from(vaultData), owner: PROGRAM, writable: false });
    accounts[1] = account("owner", { signer: false });
    // The read-only vault is a constraint failure; the missing signature is found first, while loading.
    expect(failure(() => Spec.load(context(accounts)))).toBe("AccountNotSigner (owner)");
    accounts[1] = account("owner", { signer: true });
    expect(failure(() => Spec.load(context(accounts)))).toBe("ConstraintMut (vault)");
  });

  it("fails with Anchor's errors in Anchor's order", () => {
    const cases: [number, InstructionAccount, string][] = [
      [0, account("vault"), "AccountNotInitialized (vault)"],
      [0, account("vault", { data: Buffer.from(vaultData), owner: SYSTEM_PROGRAM_ID }), "AccountOwnedByWrongProgram (vault)"],
      [0, account("vault", { data: Buffer.alloc(4), owner: PROGRAM }), "AccountDiscriminatorNotFound (vault)"],
      [0, account("vault", { data: Buffer.alloc(16), owner: PROGRAM }), "AccountDiscriminatorMismatch (vault)"],
      [2, account("elsewhere"), "ConstraintAddress (sysvar)"],
      [3, account("destination"), "ConstraintMut (destination_account)"],
    ];
    for (const [index, replacement, expected] of cases) {
      const accounts = valid();
      accounts[index] = replacement;
      expect(
        failure(() => Spec.load(context(accounts))),
        expected,
      ).toBe(expected);
    }
    expect(failure(() => Spec.load(context(valid().slice(0, 3))))).toBe("AccountNotEnoughKeys");
    const custom = valid();
    custom[0]!.account.data.writeBigUInt64LE(1n, 8);
    expect(failure(() => Spec.load(context(custom)))).toBe("Custom (vault)");
  });
});

describe("accountSpecMismatches", () => {
  const TABLE = defineInstructions({
    update: {
      accounts: [
        { name: "authority", signer: true },
        { name: "feed", writable: true },
        { name: "fresh", writable: true, signer: "caller" },
      ],
      args: {},
    },
  });

  it("finds nothing when the declaration lists the table's accounts with the same flags", () => {
    const spec = declareAccounts({ authority: signer(), feed: unchecked({ mut: "load" }), fresh: unchecked({ mut: "load" }) });
    expect(accountSpecMismatches(TABLE.update, spec)).toEqual([]);
  });

  it("names each flag that differs, and a different count", () => {
    const spec = declareAccounts({ authority: unchecked(), feed: signer() });
    expect(accountSpecMismatches(TABLE.update, spec)).toEqual([
      "the table lists 3 accounts, the handler declares 2",
      "account 0 (authority / authority): signer true vs false",
      "account 1 (feed / feed): writable true vs false",
      "account 1 (feed / feed): signer false vs true",
    ]);
  });
});
