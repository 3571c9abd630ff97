// The attacker suite's market and machinery: one market with every group role held by its own keypair, banks with
// emissions, metadata and staked settings, a borrower, a liquidator, an unhealthy account, a frozen account and a
// planted Kamino bank; instructions built from the IDL's account lists (each account resolved by its IDL name) with
// zero-valued arguments; and a runner that lands a transaction, checks the exact program error and that no account
// it names changed (data, lamports, owner).
import { Keypair, PublicKey, SystemProgram, TransactionInstruction, type AccountMeta } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import {
  ArgsReader,
  ArgsWriter,
  decodeArgs,
  encodeArgs,
  instructionDiscriminator,
  type AccountDecl,
  type ArgTable,
  type ArgValues,
} from "@ballast/codec";
import { expect } from "vitest";
import { ANCHOR_ERRORS, AssetTag, BankLayout, ERRORS, INSTRUCTIONS } from "../../src/index.js";
import { LENDING_INSTRUCTIONS, type LendingInstructionName } from "../../src/instruction-table.js";
import { fixed, option } from "./borsh.js";
import {
  bankMetadataKey,
  emissionsAuthority,
  emissionsVault,
  initBankMetadataIx,
  initStakedSettingsIx,
  mintTokens,
  pda,
  setupEmissionsIx,
  stakedSettingsKey,
} from "./emissions-emode.js";
import { FEE_STATE, PROGRAM, TestMarket, bankVaults, ix, type TestBank, type TestUser } from "./market.js";
import { initLiquidationRecordIx, liquidationRecordAddress } from "./receivership.js";

type Meta = [PublicKey, boolean, boolean];

/** The privileged roles: the group's admin and delegates, and the program-wide fee admin. */
export const ROLES = [
  "admin",
  "emodeAdmin",
  "curveAdmin",
  "limitAdmin",
  "emissionsAdmin",
  "metadataAdmin",
  "riskAdmin",
  "globalFeeAdmin",
] as const;
export type Role = (typeof ROLES)[number];

/** The IDL names of signer accounts that stand for a role (an account named `signer` is resolved per instruction by the suite). */
export const ROLE_SIGNERS: Readonly<Record<string, Role>> = {
  admin: "admin",
  emode_admin: "emodeAdmin",
  delegate_curve_admin: "curveAdmin",
  delegate_limit_admin: "limitAdmin",
  delegate_emissions_admin: "emissionsAdmin",
  metadata_admin: "metadataAdmin",
  risk_admin: "riskAdmin",
  global_fee_admin: "globalFeeAdmin",
};

/** The IDL names of signer accounts that act for a margin account (its authority, or the receiver a liquidation named). */
export const ACCOUNT_SIGNERS = new Set(["authority", "liquidation_receiver"]);

/** One error of the program or of Anchor, as the refusal must log it: name, number, and the account it names (if any). */
export interface Refusal {
  readonly error: keyof typeof ERRORS | keyof typeof ANCHOR_ERRORS;
  readonly code: number;
  readonly account: string | null;
}

export const refusal = (error: Refusal["error"], code: number, account: string | null = null): Refusal => ({ error, code, account });

/** The line the program logs for a refusal, with the message from the program's (or Anchor's) own error table. */
export function refusalLog(r: Refusal): string {
  const entry = r.error in ERRORS ? ERRORS[r.error as keyof typeof ERRORS] : ANCHOR_ERRORS[r.error as keyof typeof ANCHOR_ERRORS];
  const origin = r.account === null ? "AnchorError occurred." : `AnchorError caused by account: ${r.account}.`;
  return `Program log: ${origin} Error Code: ${r.error}. Error Number: ${entry.code}. Error Message: ${entry.message}.`;
}

/** The handler's declared accounts (names and signer flags), which the IDL test holds equal to the IDL's. */
export function declaredAccounts(name: string) {
  const handler = INSTRUCTIONS.find((h) => h.name === name);
  if (!handler) throw new Error(`no handler for ${name}`);
  return handler.accounts.summary;
}

// ---- arguments -------------------------------------------------------------------------------------------

/** Every argument at its zero value (0, false, None, empty, the first enum variant): decoded from zero bytes. */
export function zeroArgs<T extends ArgTable>(table: T): ArgValues<T> {
  return decodeArgs(new ArgsReader(Buffer.alloc(4096)), table);
}

function encodeZeroArgs(name: LendingInstructionName): Buffer {
  const table = LENDING_INSTRUCTIONS[name].args;
  const w = new ArgsWriter();
  encodeArgs(w, table, zeroArgs(table));
  return w.toBuffer();
}

// ---- the market --------------------------------------------------------------------------------------------

/** An account the resolver names: a key, or a keypair that signs the transaction too. */
export type Resolved = PublicKey | Keypair;

export class AttackScene {
  /** Pays every transaction's fee and is named by no instruction, so named accounts' lamports stay comparable. */
  readonly payer = Keypair.generate();
  /** A wallet that holds no role and no account in the group. */
  readonly stranger = Keypair.generate();
  roles!: Record<Role, Keypair>;
  /** Collateral (Pyth, with emissions and metadata), debt (Switchboard), a fixed-price bank. */
  collateral!: TestBank;
  debt!: TestBank;
  fixedBank!: TestBank;
  /** A second group, same admin, with a bank of its own and no staked settings. */
  otherGroup!: PublicKey;
  otherBank!: TestBank;
  /** Deposits collateral and borrows debt. */
  borrower!: TestUser;
  /** Deposits debt; also the "other user" who signs for the borrower's account. */
  liquidator!: TestUser;
  /** Deposits the fixed-price bank's token and borrows debt; the fixed price then falls so it can be liquidated. */
  underwater!: TestUser;
  /** A margin account of the borrower's wallet in the second group. */
  borrowerElsewhere!: PublicKey;
  /** Holds collateral; its margin account is frozen by the group admin. */
  frozen!: TestUser;
  /** A Kamino bank planted in the ledger (the suite deploys no Kamino market): its reserve and obligation keys. */
  kamino!: { bank: PublicKey; reserve: PublicKey; obligation: PublicKey };
  emissionsMint!: PublicKey;
  /** Live feeds of each kind that no bank uses. */
  strayOracles!: { pyth: PublicKey; switchboard: PublicKey };
  /** Token accounts the stranger controls: the collateral and debt mints, the emissions mint. */
  strangerTokens!: { collateral: PublicKey; debt: PublicKey; emissions: PublicKey };
  emissionsFunding!: PublicKey;

  private constructor(readonly market: TestMarket) {}

  get banks(): TestBank[] {
    return [this.collateral, this.debt, this.fixedBank];
  }

  static async build(): Promise<AttackScene> {
    const market = await TestMarket.start();
    const s = new AttackScene(market);
    await market.airdrop(s.payer.publicKey, 1_000_000_000_000n);
    await market.airdrop(s.stranger.publicKey, 10_000_000_000n);
    const delegate = () => Keypair.generate();
    s.roles = {
      admin: market.admin,
      emodeAdmin: delegate(),
      curveAdmin: delegate(),
      limitAdmin: delegate(),
      emissionsAdmin: delegate(),
      metadataAdmin: delegate(),
      riskAdmin: delegate(),
      globalFeeAdmin: market.feeAdmin,
    };
    for (const role of ["emodeAdmin", "curveAdmin", "limitAdmin", "emissionsAdmin", "metadataAdmin", "riskAdmin"] as const) {
      await market.airdrop(s.roles[role].publicKey, 10_000_000_000n);
    }
    await market.send(
      ix(
        "marginfi_group_configure",
        [
          [market.group, false, true],
          [market.admin.publicKey, true, false],
        ],
        [
          ...(["admin", "emodeAdmin", "curveAdmin", "limitAdmin", "emissionsAdmin", "metadataAdmin", "riskAdmin"] as const).map((r) =>
            s.roles[r].publicKey.toBuffer(),
          ),
          option(null, fixed),
          option(null, fixed),
        ],
      ),
      [market.admin],
    );

    s.collateral = await market.addBank(6, { kind: "pyth", price: 1 });
    s.debt = await market.addBank(9, { kind: "switchboard", price: 10 });
    // Weighted below one at maintenance, so liquidating it improves an unhealthy account's health.
    s.fixedBank = await market.addBank(6, { kind: "fixed", price: "1" }, { assetWeightInit: "0.5", assetWeightMaint: "0.6" });
    s.strayOracles = {
      pyth: (await market.createOracle({ kind: "pyth", price: 1 }))!,
      switchboard: (await market.createOracle({ kind: "switchboard", price: 10 }))!,
    };
    s.otherGroup = await market.createGroup();
    s.otherBank = await market.addBank(6, { kind: "pyth", price: 1 }, {}, { mint: s.collateral.mint, group: s.otherGroup });

    s.borrower = await market.newUser();
    s.liquidator = await market.newUser();
    await market.deposit(s.borrower, s.collateral, 1_000_000_000n);
    await market.deposit(s.liquidator, s.debt, 1_000_000_000_000n);
    await market.borrow(s.borrower, s.debt, 10_000_000_000n, s.banks);
    s.underwater = await market.newUser();
    await market.deposit(s.underwater, s.fixedBank, 1_000_000_000n);
    await market.borrow(s.underwater, s.debt, 40_000_000_000n, s.banks);
    await market.send(market.setFixedPriceIx(s.fixedBank, "0.6"), [market.admin]);

    s.emissionsMint = await market.createMint(6);
    s.emissionsFunding = await mintTokens(market, s.emissionsMint, s.roles.emissionsAdmin.publicKey, 1_000_000_000n);
    await market.send(
      setupEmissionsIx(market, s.collateral, s.roles.emissionsAdmin.publicKey, s.emissionsMint, s.emissionsFunding, {
        flags: 1n,
        rate: 1_000_000n,
        total: 100_000_000n,
      }),
      [s.roles.emissionsAdmin],
    );
    await market.send(initBankMetadataIx(s.collateral, market.admin.publicKey), [market.admin]);
    await market.send(
      initStakedSettingsIx(market, market.admin.publicKey, market.admin.publicKey, {
        oracle: s.collateral.oracle!,
        assetWeightInit: "0.8",
        assetWeightMaint: "0.9",
        depositLimit: 1_000_000n,
        totalAssetValueInitLimit: 1_000_000n,
        oracleMaxAge: 60,
        riskTier: 0,
      }),
      [market.admin],
    );
    const elsewhere = Keypair.generate();
    await market.send(
      ix("marginfi_account_initialize", [
        [s.otherGroup, false, false],
        [elsewhere.publicKey, true, true],
        [s.borrower.wallet.publicKey, true, false],
        [s.borrower.wallet.publicKey, true, true],
        [SystemProgram.programId, false, false],
      ]),
      [s.borrower.wallet, elsewhere],
    );
    s.borrowerElsewhere = elsewhere.publicKey;
    s.frozen = await market.newUser();
    await market.deposit(s.frozen, s.collateral, 1_000_000n);
    await market.send(
      ix(
        "marginfi_account_set_freeze",
        [
          [market.group, false, false],
          [s.frozen.account, false, true],
          [market.admin.publicKey, true, false],
        ],
        [Buffer.from([1])],
      ),
      [market.admin],
    );
    for (const user of [s.borrower, s.underwater]) {
      await market.send(initLiquidationRecordIx(user.account, market.admin.publicKey), [market.admin]);
    }
    s.kamino = s.plantKaminoBank();

    s.strangerTokens = {
      collateral: await market.fund(s.stranger, s.collateral, 1_000_000n),
      debt: await market.fund(s.stranger, s.debt, 1_000_000n),
      emissions: await mintTokens(market, s.emissionsMint, s.stranger.publicKey, 0n),
    };
    return s;
  }

  /**
   * A copy of the collateral bank at a new address, tagged Kamino, naming a reserve and an obligation, with the vaults
   * of its own address: enough for the Kamino instructions' account checks, which run before any call into Kamino.
   */
  private plantKaminoBank(): { bank: PublicKey; reserve: PublicKey; obligation: PublicKey } {
    const source = this.market.ledger.getAccount(this.collateral.key.toBase58());
    if (!source) throw new Error("the collateral bank is missing");
    const bank = Keypair.generate().publicKey;
    const reserve = Keypair.generate().publicKey;
    const obligation = Keypair.generate().publicKey;
    const data = Buffer.from(source.data);
    const f = BankLayout.fields;
    f.config.fields.assetTag.set(data, AssetTag.Kamino);
    f.integrationAcc1.set(data, reserve.toBase58());
    f.integrationAcc2.set(data, obligation.toBase58());
    f.liquidityVault.set(data, bankVaults(bank).liquidity.toBase58());
    this.market.ledger.setAccounts([[bank.toBase58(), { ...source, data }]]);
    return { bank, reserve, obligation };
  }

  close(): Promise<void> {
    return this.market.close();
  }

  // ---- instructions from the IDL ---------------------------------------------------------------------------

  /**
   * The account an instruction names `account` (IDL snake_case), with `actor` in every signer seat: what a legitimate
   * call would pass, except the signer. Unknown names throw, so a new instruction's new account gets a resolution here.
   */
  resolve(name: LendingInstructionName, account: string, actor: Keypair, newBank: Keypair, subject: TestUser | null): Resolved {
    const bank = name === "lending_pool_add_bank" ? newBank.publicKey : this.bankOf(name);
    const v = bankVaults(bank);
    const vaults: Record<string, PublicKey> = {
      liquidity_vault_authority: v.liquidityAuthority,
      bank_liquidity_vault_authority: v.liquidityAuthority,
      liquidity_vault: v.liquidity,
      bank_liquidity_vault: v.liquidity,
      insurance_vault_authority: v.insuranceAuthority,
      insurance_vault: v.insurance,
      bank_insurance_vault: v.insurance,
      fee_vault_authority: v.feeAuthority,
      fee_vault: v.fee,
    };
    const vault = vaults[account];
    if (vault) return vault;
    if (account in ROLE_SIGNERS || ACCOUNT_SIGNERS.has(account) || ["signer", "fee_payer", "payer"].includes(account)) return actor;
    switch (account) {
      case "group":
      case "marginfi_group":
        return this.groupOf(name);
      case "fee_state":
        return FEE_STATE;
      case "global_fee_wallet":
        return this.market.feeWallet.publicKey;
      case "bank":
        return name === "lending_pool_add_bank" ? newBank : bank;
      case "asset_bank":
      case "copy_to_bank":
        return bank;
      case "liab_bank":
      case "copy_from_bank":
        return this.debt.key;
      case "bank_mint":
        return this.collateral.mint;
      case "marginfi_account":
        if (subject) return subject.account;
        return name === "end_liquidation" ? this.underwater.account : this.borrower.account;
      case "old_marginfi_account":
        return (subject ?? this.borrower).account;
      case "liquidatee_marginfi_account":
        return this.borrower.account;
      case "liquidator_marginfi_account":
        return (subject ?? this.liquidator).account;
      case "new_marginfi_account":
        return name === "transfer_to_new_account_pda" ? this.transferPda(this.stranger.publicKey) : Keypair.generate();
      case "new_authority":
        return this.stranger.publicKey;
      case "liquidation_record":
        return liquidationRecordAddress(name === "end_liquidation" ? this.underwater.account : this.borrower.account);
      case "signer_token_account":
      case "destination_token_account":
      case "dst_token_account":
        return bank.equals(this.debt.key) ? this.strangerTokens.debt : this.strangerTokens.collateral;
      case "destination_account":
        return name === "marginfi_account_update_emissions_destination_account"
          ? this.stranger.publicKey
          : name === "lending_pool_update_fees_destination_account"
            ? this.strangerTokens.collateral
            : this.strangerTokens.emissions;
      case "emissions_mint":
        return this.emissionsMint;
      case "emissions_auth":
        return emissionsAuthority(this.bankRecord(bank), this.emissionsMint);
      case "emissions_token_account":
      case "emissions_vault":
        return emissionsVault(this.bankRecord(bank), this.emissionsMint);
      case "emissions_funding_account":
        return this.emissionsFunding;
      case "metadata":
        return bankMetadataKey(this.collateral);
      case "staked_settings":
        return stakedSettingsKey(this.groupOf(name));
      case "kamino_reserve":
        return this.kamino.reserve;
      case "kamino_obligation":
        return this.kamino.obligation;
      case "mint":
      case "reserve_liquidity_mint":
        return this.collateral.mint;
      case "integration_acc_1":
      case "integration_acc_2":
      case "lending_market":
      case "lending_market_authority":
      case "reserve_liquidity_supply":
      case "reserve_collateral_mint":
      case "reserve_destination_deposit_collateral":
      case "reserve_source_collateral":
        return Keypair.generate().publicKey;
      case "token_program":
      case "liquidity_token_program":
        return TOKEN_PROGRAM_ID;
      default:
        throw new Error(`the attacker suite has no account for ${name}.${account}`);
    }
  }

  /** The bank an instruction acts on: a new one for the add_bank family, bank C for a first emissions setup, else the collateral bank. */
  bankOf(name: LendingInstructionName): PublicKey {
    if (name === "lending_pool_add_bank_with_seed") return this.seededBank(0n);
    if (name === "lending_pool_add_bank_kamino") return this.seededBank(0n);
    if (name === "lending_pool_setup_emissions") return this.fixedBank.key;
    if (name === "kamino_deposit" || name === "kamino_withdraw") return this.kamino.bank;
    if (name === "lending_account_borrow" || name === "lending_account_repay" || name === "lending_account_liquidate") return this.debt.key;
    return this.collateral.key;
  }

  /** The group an instruction acts on: the second group where the first group's singletons already exist. */
  groupOf(name: LendingInstructionName): PublicKey {
    return name === "init_staked_settings" ? this.otherGroup : this.market.group;
  }

  seededBank(seed: bigint): PublicKey {
    const s = Buffer.alloc(8);
    s.writeBigUInt64LE(seed);
    return pda([this.market.group.toBuffer(), this.collateral.mint.toBuffer(), s]);
  }

  transferPda(authority: PublicKey): PublicKey {
    const index = Buffer.alloc(2);
    const thirdParty = Buffer.alloc(2);
    return pda([Buffer.from("marginfi_account"), this.market.group.toBuffer(), authority.toBuffer(), index, thirdParty]);
  }

  bankRecord(key: PublicKey): TestBank {
    const bank = [...this.banks, this.otherBank].find((b) => b.key.equals(key));
    if (!bank) throw new Error(`unknown bank ${key.toBase58()}`);
    return bank;
  }

  /** The borrower's risk accounts as they stand. */
  borrowerRisk(): Promise<Meta[]> {
    return this.market.riskAccounts(this.borrower, this.banks);
  }

  /**
   * `name` as the IDL lists it, every signer seat held by `actor` (the add_bank family's new bank signs with its
   * own keypair), the margin account the signer acts for `subject`'s when given, zero-valued arguments, then
   * `remaining`. Returns the instruction and every keypair that signs it.
   */
  build(
    name: LendingInstructionName,
    actor: Keypair,
    remaining: Meta[] = [],
    subject: TestUser | null = null,
  ): { instruction: TransactionInstruction; signers: Keypair[] } {
    const signers = new Map<string, Keypair>();
    const idlNames = declaredAccounts(name).map((a) => a.name);
    const newBank = Keypair.generate();
    const declared: readonly AccountDecl[] = LENDING_INSTRUCTIONS[name].accounts;
    const keys: AccountMeta[] = declared.map((decl, i) => {
      const flags = { isWritable: decl.writable === true };
      if (decl.address !== undefined) return { pubkey: new PublicKey(decl.address), isSigner: false, ...flags };
      if (decl.optional === true) return { pubkey: PROGRAM, isSigner: false, ...flags };
      const idlName = idlNames[i];
      if (idlName === undefined) throw new Error(`${name} declares fewer accounts than its table`);
      const resolved = this.resolve(name, idlName, actor, newBank, subject);
      if (resolved instanceof Keypair) {
        signers.set(resolved.publicKey.toBase58(), resolved);
        return { pubkey: resolved.publicKey, isSigner: true, ...flags };
      }
      return { pubkey: resolved, isSigner: decl.signer === true, ...flags };
    });
    keys.push(...remaining.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })));
    const data = Buffer.concat([instructionDiscriminator(name), encodeZeroArgs(name)]);
    return { instruction: new TransactionInstruction({ programId: PROGRAM, keys, data }), signers: [...signers.values()] };
  }

  // ---- running a refused transaction -----------------------------------------------------------------------

  /** Data, lamports and owner of every account the instructions name, in one getMultipleAccounts. */
  async accountStates(instructions: TransactionInstruction[]): Promise<Map<string, string>> {
    const keys = [...new Set(instructions.flatMap((i) => i.keys.map((k) => k.pubkey.toBase58())))].map((k) => new PublicKey(k));
    const infos = await this.market.accountInfos(keys);
    return new Map(
      keys.map((key, i) => {
        const info = infos[i];
        return [key.toBase58(), info ? `${info.owner.toBase58()} ${info.lamports} ${info.data.toString("hex")}` : "absent"];
      }),
    );
  }

  /**
   * Lands the transaction (preflight off, so it is recorded on the ledger), paid by the scene's payer: it must fail in
   * instruction `index` (the last by default) with exactly `expected`, logged as Anchor does, and change no account
   * any of its instructions names.
   */
  async expectRefused(
    instructions: TransactionInstruction[],
    signers: Keypair[],
    expected: Refusal,
    index = instructions.length - 1,
  ): Promise<void> {
    const before = await this.accountStates(instructions);
    const { signature, err } = await this.market.land(instructions, unique([this.payer, ...signers]));
    const landed = await this.market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    const logs = landed?.meta?.logMessages ?? [];
    // One string, so a mismatch shows both the error and the log line side by side.
    const got = `${JSON.stringify(err)} ${logs.find((l) => l.includes("Error Code:")) ?? logs.slice(-3).join(" | ")}`;
    expect(got).toBe(`${JSON.stringify({ InstructionError: [index, { Custom: expected.code }] })} ${refusalLog(expected)}`);
    expect(await this.accountStates(instructions)).toEqual(before);
  }

  /** Simulates the transaction with the scene's payer and returns its error and the error line it logged, if any. */
  async simulateError(instructions: TransactionInstruction[], signers: Keypair[]): Promise<{ err: unknown; log: string | undefined }> {
    const result = await this.market.simulate(instructions, unique([this.payer, ...signers]));
    return { err: result.err, log: result.logs?.find((l) => l.includes("Error Code:")) };
  }
}

function unique(signers: Keypair[]): Keypair[] {
  return [...new Map(signers.map((k) => [k.publicKey.toBase58(), k])).values()];
}

// ---- substituted accounts ----------------------------------------------------------------------------------

/** A copy of the instruction with the account the IDL names `account` replaced by `key` (flags kept). */
export function substitute(instruction: TransactionInstruction, name: LendingInstructionName, account: string, key: PublicKey) {
  const index = declaredAccounts(name).findIndex((a) => a.name === account);
  if (index < 0) throw new Error(`${name} names no account ${account}`);
  return withKeys(
    instruction,
    instruction.keys.map((meta, i) => (i === index ? { ...meta, pubkey: key } : meta)),
  );
}

/** A copy of the instruction with its remaining accounts (after the `count` declared ones) replaced. */
export function withRemaining(instruction: TransactionInstruction, count: number, remaining: Meta[]): TransactionInstruction {
  return withKeys(instruction, [
    ...instruction.keys.slice(0, count),
    ...remaining.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
  ]);
}

function withKeys(instruction: TransactionInstruction, keys: AccountMeta[]): TransactionInstruction {
  return new TransactionInstruction({ programId: instruction.programId, keys, data: Buffer.from(instruction.data) });
}

/** Risk accounts split per bank: the bank, then its oracle when it has one. */
export function riskGroups(risk: Meta[], banks: readonly TestBank[]): Meta[][] {
  const groups: Meta[][] = [];
  for (const meta of risk) {
    const last = groups.at(-1);
    if (banks.some((b) => b.key.equals(meta[0])) || !last) groups.push([meta]);
    else last.push(meta);
  }
  return groups;
}

/** The ways an attacker tampers with an honest list of risk accounts. */
export const RISK_TAMPERING = [
  "a feed no bank uses as the oracle",
  "another bank's oracle",
  "a bank missing",
  "the banks in the wrong order",
  "one bank twice, in place of another",
  "another group's bank in place of one",
] as const;
export type RiskTampering = (typeof RISK_TAMPERING)[number];

/** The honest risk accounts tampered with as `how` says; `bank` is the one whose oracle is swapped. */
export function tamperRisk(scene: AttackScene, risk: Meta[], bank: TestBank, how: RiskTampering): Meta[] {
  const groups = riskGroups(risk, [...scene.banks, scene.otherBank]);
  const [first, second, ...rest] = groups;
  if (!first || !second) throw new Error("tampering needs at least two banks in the risk accounts");
  const swapOracle = (oracle: PublicKey) =>
    groups.flatMap((g) => (g[0]?.[0].equals(bank.key) ? [g[0], [oracle, false, false] as Meta] : g));
  const otherBanksOracle = [scene.collateral, scene.debt].find((b) => !b.key.equals(bank.key))?.oracle;
  const otherGroups: Meta[] = [
    [scene.otherBank.key, false, false],
    [scene.otherBank.oracle ?? scene.otherBank.key, false, false],
  ];
  switch (how) {
    case "a feed no bank uses as the oracle":
      return swapOracle(bank.oracleKind === "switchboard" ? scene.strayOracles.switchboard : scene.strayOracles.pyth);
    case "another bank's oracle":
      if (!otherBanksOracle) throw new Error("no other bank's oracle");
      return swapOracle(otherBanksOracle);
    case "a bank missing":
      return [second, ...rest].flat();
    case "the banks in the wrong order":
      return [second, first, ...rest].flat();
    case "one bank twice, in place of another":
      return [first, first, ...rest].flat();
    case "another group's bank in place of one":
      return [otherGroups, second, ...rest].flat();
  }
}
