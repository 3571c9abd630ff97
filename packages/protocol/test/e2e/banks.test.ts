import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  sendAndConfirmTransaction,
  type TransactionSignature,
} from "@solana/web3.js";
import { TOKEN_PROGRAM_ID, createMint, getAccount } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimumBalanceForRentExemption, startLocalnet, U64_MAX, type Localnet, type Program } from "@ballast/ledger";
import {
  BankLayout,
  MARGINFI_PROGRAM_ID,
  MarginfiGroupLayout,
  decodeBank,
  decodeMarginfiGroup,
  i80f48,
  instructionDiscriminator,
  type Bank,
  lendingProgram,
} from "../../src/index.js";
import {
  encodeBankConfigCompact,
  encodeBankConfigOpt,
  encodeInterestRateConfigOpt,
  option,
  fixed,
  none,
  padPoints,
  u32,
  u64,
  u8,
  type BankConfigCompact,
  type BankConfigOpt,
  type InterestCompact,
} from "../support/borsh.js";

const PROGRAM = new PublicKey(MARGINFI_PROGRAM_ID);
const FEE_STATE = PublicKey.findProgramAddressSync([Buffer.from("feestate")], PROGRAM)[0];
const PYTH_RECEIVER = new PublicKey("rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ");
const BANK_INIT_FEE = 10_000;
/** 1000% APR, the top of the u32 rate encoding. */
const U32_MAX_RATE = 4_294_967_295;

/**
 * A stand-in for the Pyth receiver (the oracle programs are not on the ledger yet): it copies its instruction
 * data into the account it owns, so tests can lay out PriceUpdateV2 accounts under the right owner.
 */
const fakeReceiver: Program = {
  id: PYTH_RECEIVER.toBase58(),
  builtin: false,
  execute(ctx) {
    ctx.accounts[0]!.account.data.set(ctx.data);
  },
};

let net: Localnet;
let connection: Connection;
const admin = Keypair.generate();
const bankPayer = Keypair.generate();
const feeAdmin = Keypair.generate();
const feeWallet = Keypair.generate();
const curveAdmin = Keypair.generate();
const limitAdmin = Keypair.generate();
const stranger = Keypair.generate();
let group: PublicKey;
let mint6: PublicKey;
let mint9: PublicKey;

// ---- Borsh encoding of the arguments ------------------------------------------------------------------

const HALF = 2_147_483_647;
const TEN_PCT_APR = 42_949_672; // 0.1 of 1000%
const FIVE_PCT_APR = 21_474_836;
const THREE_HUNDRED_PCT_APR = 1_288_490_188;

const BASE_CONFIG: BankConfigCompact = {
  assetWeightInit: "0.5",
  assetWeightMaint: "0.6",
  liabilityWeightInit: "1.3",
  liabilityWeightMaint: "1.2",
  depositLimit: 1_000_000_000_000n,
  interest: {
    insuranceFeeFixedApr: "0.01",
    insuranceIrFee: "0.02",
    protocolFixedFeeApr: "0.03",
    protocolIrFee: "0.04",
    protocolOriginationFee: "0.005",
    zeroUtilRate: FIVE_PCT_APR,
    hundredUtilRate: THREE_HUNDRED_PCT_APR,
    points: padPoints([{ util: HALF, rate: TEN_PCT_APR }]),
  },
  operationalState: 1,
  borrowLimit: 500_000_000_000n,
  riskTier: 0,
  assetTag: 0,
  configFlags: 1,
  totalAssetValueInitLimit: 2_000_000n,
  oracleMaxAge: 60,
  oracleMaxConfidence: 0,
};

// ---- transactions ---------------------------------------------------------------------------------------

function ix(name: string, keys: [PublicKey, boolean, boolean][], args: Buffer[] = []): TransactionInstruction {
  return new TransactionInstruction({
    programId: PROGRAM,
    keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
    data: Buffer.concat([instructionDiscriminator(name), ...args]),
  });
}
async function send(instructions: TransactionInstruction[], signers: Keypair[]): Promise<TransactionSignature> {
  return sendAndConfirmTransaction(connection, new Transaction().add(...instructions), signers);
}
async function simulate(instructions: TransactionInstruction[], signers: Keypair[]) {
  const tx = new Transaction().add(...instructions);
  tx.feePayer = signers[0]!.publicKey;
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  tx.sign(...signers);
  return (await connection.simulateTransaction(tx)).value;
}
async function expectAnchorError(
  instructions: TransactionInstruction[],
  signers: Keypair[],
  code: number,
  name: string,
  message: string,
  account: string | null = null,
) {
  const result = await simulate(instructions, signers);
  expect(result.err).toEqual({ InstructionError: [instructions.length - 1, { Custom: code }] });
  const origin = account === null ? "AnchorError occurred." : `AnchorError caused by account: ${account}.`;
  expect(result.logs).toContain(`Program log: ${origin} Error Code: ${name}. Error Number: ${code}. Error Message: ${message}.`);
}
async function blockTime(signature: string): Promise<bigint> {
  const tx = await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  return BigInt(tx!.blockTime!);
}
async function bankState(bank: PublicKey): Promise<Bank> {
  return decodeBank((await connection.getAccountInfo(bank))!.data);
}

const pda = (seeds: Buffer[]) => PublicKey.findProgramAddressSync(seeds, PROGRAM);
function vaults(bank: PublicKey) {
  const at = (seed: string) => pda([Buffer.from(seed), bank.toBuffer()]);
  return {
    liquidityAuthority: at("liquidity_vault_auth"),
    liquidity: at("liquidity_vault"),
    insuranceAuthority: at("insurance_vault_auth"),
    insurance: at("insurance_vault"),
    feeAuthority: at("fee_vault_auth"),
    fee: at("fee_vault"),
  };
}

interface AddBankOptions {
  groupKey?: PublicKey;
  signer?: Keypair;
  wallet?: PublicKey;
  liquidityVault?: PublicKey;
  seed?: bigint;
  bankKey?: PublicKey;
}
function addBankIx(bank: PublicKey, mint: PublicKey, config: BankConfigCompact, o: AddBankOptions = {}): TransactionInstruction {
  const v = vaults(bank);
  const keys: [PublicKey, boolean, boolean][] = [
    [o.groupKey ?? group, false, true],
    [(o.signer ?? admin).publicKey, true, false],
    [bankPayer.publicKey, true, true],
    [FEE_STATE, false, false],
    [o.wallet ?? feeWallet.publicKey, false, true],
    [mint, false, false],
    [bank, o.seed === undefined, true],
    [v.liquidityAuthority[0], false, false],
    [o.liquidityVault ?? v.liquidity[0], false, true],
    [v.insuranceAuthority[0], false, false],
    [v.insurance[0], false, true],
    [v.feeAuthority[0], false, false],
    [v.fee[0], false, true],
    [TOKEN_PROGRAM_ID, false, false],
    [SystemProgram.programId, false, false],
  ];
  return o.seed === undefined
    ? ix("lending_pool_add_bank", keys, [encodeBankConfigCompact(config)])
    : ix("lending_pool_add_bank_with_seed", keys, [encodeBankConfigCompact(config), u64(o.seed)]);
}
async function addBank(mint: PublicKey, config: BankConfigCompact = BASE_CONFIG, groupKey: PublicKey = group): Promise<PublicKey> {
  const bank = Keypair.generate();
  await send([addBankIx(bank.publicKey, mint, config, { groupKey })], [bankPayer, admin, bank]);
  return bank.publicKey;
}

async function newGroup(): Promise<PublicKey> {
  const g = Keypair.generate();
  await send(
    [
      ix("marginfi_group_initialize", [
        [g.publicKey, true, true],
        [admin.publicKey, true, true],
        [FEE_STATE, false, false],
        [SystemProgram.programId, false, false],
      ]),
    ],
    [admin, g],
  );
  return g.publicKey;
}

/** The Bank a fresh add_bank must produce for BASE_CONFIG-shaped configs: every byte not listed stays zero. */
function expectedBank(bank: PublicKey, mint: PublicKey, decimals: number, groupKey: PublicKey, now: bigint, c: BankConfigCompact): Bank {
  const zero = Buffer.alloc(BankLayout.space);
  BankLayout.discriminator.copy(zero, 0);
  const b = decodeBank(zero);
  const v = vaults(bank);
  b.mint = mint.toBase58();
  b.mintDecimals = decimals;
  b.group = groupKey.toBase58();
  b.assetShareValue = i80f48.ONE;
  b.liabilityShareValue = i80f48.ONE;
  b.liquidityVault = v.liquidity[0].toBase58();
  b.liquidityVaultBump = v.liquidity[1];
  b.liquidityVaultAuthorityBump = v.liquidityAuthority[1];
  b.insuranceVault = v.insurance[0].toBase58();
  b.insuranceVaultBump = v.insurance[1];
  b.insuranceVaultAuthorityBump = v.insuranceAuthority[1];
  b.feeVault = v.fee[0].toBase58();
  b.feeVaultBump = v.fee[1];
  b.feeVaultAuthorityBump = v.feeAuthority[1];
  b.lastUpdate = now;
  b.flags = 16n;
  const k = b.config;
  k.assetWeightInit = i80f48.fromDecimal(c.assetWeightInit);
  k.assetWeightMaint = i80f48.fromDecimal(c.assetWeightMaint);
  k.liabilityWeightInit = i80f48.fromDecimal(c.liabilityWeightInit);
  k.liabilityWeightMaint = i80f48.fromDecimal(c.liabilityWeightMaint);
  k.depositLimit = c.depositLimit;
  const r = k.interestRateConfig;
  r.insuranceFeeFixedApr = i80f48.fromDecimal(c.interest.insuranceFeeFixedApr);
  r.insuranceIrFee = i80f48.fromDecimal(c.interest.insuranceIrFee);
  r.protocolFixedFeeApr = i80f48.fromDecimal(c.interest.protocolFixedFeeApr);
  r.protocolIrFee = i80f48.fromDecimal(c.interest.protocolIrFee);
  r.protocolOriginationFee = i80f48.fromDecimal(c.interest.protocolOriginationFee);
  r.zeroUtilRate = c.interest.zeroUtilRate;
  r.hundredUtilRate = c.interest.hundredUtilRate;
  r.points = c.interest.points.map((p) => ({ ...p }));
  r.curveType = 1;
  k.operationalState = c.operationalState;
  k.borrowLimit = c.borrowLimit;
  k.riskTier = c.riskTier;
  k.assetTag = c.assetTag;
  k.configFlags = c.configFlags;
  k.totalAssetValueInitLimit = c.totalAssetValueInitLimit;
  k.oracleMaxAge = c.oracleMaxAge;
  k.oracleMaxConfidence = c.oracleMaxConfidence;
  return b;
}

async function expectVaults(bank: PublicKey, mint: PublicKey) {
  const v = vaults(bank);
  for (const [vault, authority] of [
    [v.liquidity, v.liquidityAuthority],
    [v.insurance, v.insuranceAuthority],
    [v.fee, v.feeAuthority],
  ] as const) {
    const info = (await connection.getAccountInfo(vault[0]))!;
    expect(info.owner.equals(TOKEN_PROGRAM_ID)).toBe(true);
    expect(info.data.length).toBe(165);
    expect(BigInt(info.lamports)).toBe(minimumBalanceForRentExemption(165));
    const token = await getAccount(connection, vault[0]);
    expect(token.mint.equals(mint)).toBe(true);
    expect(token.owner.equals(authority[0])).toBe(true);
    expect(token.amount).toBe(0n);
    expect(token.delegate).toBeNull();
    expect(token.closeAuthority).toBeNull();
    expect(token.isInitialized).toBe(true);
  }
}

beforeAll(async () => {
  net = await startLocalnet({
    rpcPort: 0,
    dataDir: null,
    slotMs: 50,
    programs: [lendingProgram(), fakeReceiver],
  });
  connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  for (const k of [admin, bankPayer, feeAdmin, curveAdmin, limitAdmin, stranger]) {
    await net.ledger.requestAirdrop(k.publicKey.toBase58(), 100_000_000_000n);
  }
  // The fee wallet exists (rent-exempt) before it receives fees.
  await net.ledger.requestAirdrop(feeWallet.publicKey.toBase58(), 1_000_000_000n);

  await send(
    [
      ix(
        "init_global_fee_state",
        [
          [admin.publicKey, true, true],
          [FEE_STATE, false, true],
          [SystemProgram.programId, false, false],
        ],
        [
          feeAdmin.publicKey.toBuffer(),
          feeWallet.publicKey.toBuffer(),
          u32(BANK_INIT_FEE),
          u32(5_000),
          fixed("0.01"),
          fixed("0.025"),
          fixed("0.1"),
        ],
      ),
    ],
    [admin],
  );
  group = await newGroup();
  const roles = [
    admin.publicKey,
    admin.publicKey,
    curveAdmin.publicKey,
    limitAdmin.publicKey,
    admin.publicKey,
    admin.publicKey,
    admin.publicKey,
  ];
  await send(
    [
      ix(
        "marginfi_group_configure",
        [
          [group, false, true],
          [admin.publicKey, true, false],
        ],
        [...roles.map((r) => r.toBuffer()), none, none],
      ),
    ],
    [admin],
  );
  mint6 = await createMint(connection, admin, admin.publicKey, null, 6);
  mint9 = await createMint(connection, admin, admin.publicKey, null, 9);
});
afterAll(() => net.close());

describe("lending_pool_add_bank", () => {
  it("creates the bank, its three vaults, charges the flat fee and counts the bank in the group", async () => {
    const bank = Keypair.generate();
    const walletBefore = BigInt((await connection.getBalance(feeWallet.publicKey)) ?? 0);
    const payerBefore = BigInt(await connection.getBalance(bankPayer.publicKey));
    const groupBefore = decodeMarginfiGroup((await connection.getAccountInfo(group))!.data);
    const signature = await send([addBankIx(bank.publicKey, mint6, BASE_CONFIG)], [bankPayer, admin, bank]);
    const now = await blockTime(signature);
    const landed = await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(landed!.meta!.logMessages!.slice(0, 2)).toEqual([
      `Program ${MARGINFI_PROGRAM_ID} invoke [1]`,
      "Program log: Instruction: LendingPoolAddBank",
    ]);

    const info = (await connection.getAccountInfo(bank.publicKey))!;
    expect(info.owner.equals(PROGRAM)).toBe(true);
    expect(info.data.length).toBe(1864);
    expect(BigInt(info.lamports)).toBe(minimumBalanceForRentExemption(1864));
    expect(decodeBank(info.data)).toEqual(expectedBank(bank.publicKey, mint6, 6, group, now, BASE_CONFIG));
    await expectVaults(bank.publicKey, mint6);

    // Exactly the flat fee reaches the fee wallet; the payer also funds the four accounts and the tx fee.
    expect(BigInt(await connection.getBalance(feeWallet.publicKey)) - walletBefore).toBe(BigInt(BANK_INIT_FEE));
    const spent = payerBefore - BigInt(await connection.getBalance(bankPayer.publicKey));
    expect(spent).toBe(
      BigInt(landed!.meta!.fee) + BigInt(BANK_INIT_FEE) + minimumBalanceForRentExemption(1864) + 3n * minimumBalanceForRentExemption(165),
    );

    const groupAfter = decodeMarginfiGroup((await connection.getAccountInfo(group))!.data);
    expect(groupAfter.banks).toBe(groupBefore.banks + 1);
    expect(groupAfter.feeStateCache.lastUpdate).toBe(now);
    expect({ ...groupAfter, banks: 0, feeStateCache: { ...groupAfter.feeStateCache, lastUpdate: 0n } }).toEqual({
      ...groupBefore,
      banks: 0,
      feeStateCache: { ...groupBefore.feeStateCache, lastUpdate: 0n },
    });
  });

  it("stores a SOL-tagged, isolated bank with zero weights and the mint's decimals", async () => {
    const config: BankConfigCompact = {
      ...BASE_CONFIG,
      assetWeightInit: "0",
      assetWeightMaint: "0",
      riskTier: 1,
      assetTag: 1,
      configFlags: 0,
      operationalState: 0,
    };
    const bank = Keypair.generate();
    const signature = await send([addBankIx(bank.publicKey, mint9, config)], [bankPayer, admin, bank]);
    expect(await bankState(bank.publicKey)).toEqual(expectedBank(bank.publicKey, mint9, 9, group, await blockTime(signature), config));
  });

  it("refuses a config that fails BankConfig validation, with the program's code and Anchor log line", async () => {
    const invalid = (c: BankConfigCompact) => {
      const bank = Keypair.generate();
      return expectAnchorError(
        [addBankIx(bank.publicKey, mint6, c)],
        [bankPayer, admin, bank],
        6015,
        "InvalidConfig",
        "Invalid group config",
      );
    };
    const interest = (patch: Partial<InterestCompact>): BankConfigCompact => ({
      ...BASE_CONFIG,
      interest: { ...BASE_CONFIG.interest, ...patch },
    });
    await invalid({ ...BASE_CONFIG, assetWeightInit: "1.01", assetWeightMaint: "1.5" });
    await invalid({ ...BASE_CONFIG, assetWeightInit: "-0.1" });
    await invalid({ ...BASE_CONFIG, assetWeightMaint: "2.01" });
    await invalid({ ...BASE_CONFIG, assetWeightMaint: "0.4" });
    await invalid({ ...BASE_CONFIG, liabilityWeightInit: "0.99", liabilityWeightMaint: "0.99" });
    await invalid({ ...BASE_CONFIG, liabilityWeightMaint: "0.99" });
    await invalid({ ...BASE_CONFIG, liabilityWeightMaint: "1.31" });
    await invalid({ ...BASE_CONFIG, riskTier: 1 });
    await invalid({ ...BASE_CONFIG, riskTier: 1, assetWeightInit: "0" });
    // Seven-point curve: holes, order, and rates outside [zero, hundred].
    await invalid(
      interest({
        points: padPoints([
          { util: 0, rate: 0 },
          { util: HALF, rate: TEN_PCT_APR },
        ]),
      }),
    );
    await invalid(interest({ points: padPoints([{ util: 0, rate: TEN_PCT_APR }]) }));
    await invalid(
      interest({
        points: padPoints([
          { util: HALF, rate: TEN_PCT_APR },
          { util: HALF, rate: TEN_PCT_APR },
        ]),
      }),
    );
    await invalid(
      interest({
        points: padPoints([
          { util: HALF, rate: TEN_PCT_APR },
          { util: HALF + 1, rate: TEN_PCT_APR - 1 },
        ]),
      }),
    );
    await invalid(interest({ points: padPoints([{ util: HALF, rate: FIVE_PCT_APR - 1 }]) }));
    await invalid(interest({ points: padPoints([{ util: HALF, rate: THREE_HUNDRED_PCT_APR + 1 }]) }));
    await invalid(interest({ zeroUtilRate: THREE_HUNDRED_PCT_APR + 1, points: padPoints([]) }));

    const bank = Keypair.generate();
    await expectAnchorError(
      [addBankIx(bank.publicKey, mint6, { ...BASE_CONFIG, oracleMaxAge: 9 })],
      [bankPayer, admin, bank],
      6025,
      "InvalidOracleSetup",
      "Invalid oracle setup",
    );
    await expectAnchorError(
      [addBankIx(bank.publicKey, mint6, { ...BASE_CONFIG, assetTag: 2 })],
      [bankPayer, admin, bank],
      6200,
      "WrongAssetTagForStandardInstructions",
      "Wrong asset tag for standard instructions, expected DEFAULT, SOL, or STAKED asset tag",
    );
    await expectAnchorError(
      [addBankIx(bank.publicKey, mint6, { ...BASE_CONFIG, operationalState: 4 })],
      [bankPayer, admin, bank],
      102,
      "InstructionDidNotDeserialize",
      "The program could not deserialize the given instruction",
    );
    // Boundary values pass: oracle_max_age 10, weights at their limits, a flat curve.
    const edge: BankConfigCompact = {
      ...BASE_CONFIG,
      assetWeightInit: "1",
      assetWeightMaint: "2",
      liabilityWeightInit: "1",
      liabilityWeightMaint: "1",
      oracleMaxAge: 10,
      interest: { ...BASE_CONFIG.interest, zeroUtilRate: 0, hundredUtilRate: 0, points: padPoints([]) },
    };
    const ok = Keypair.generate();
    const signature = await send([addBankIx(ok.publicKey, mint6, edge)], [bankPayer, admin, ok]);
    expect(await bankState(ok.publicKey)).toEqual(expectedBank(ok.publicKey, mint6, 6, group, await blockTime(signature), edge));
  });

  it("checks the admin, fee wallet, vault addresses and mint", async () => {
    const bank = Keypair.generate();
    await expectAnchorError(
      [addBankIx(bank.publicKey, mint6, BASE_CONFIG, { signer: stranger })],
      [bankPayer, stranger, bank],
      6042,
      "Unauthorized",
      "Unauthorized",
      "marginfi_group",
    );
    await expectAnchorError(
      [addBankIx(bank.publicKey, mint6, BASE_CONFIG, { wallet: stranger.publicKey })],
      [bankPayer, admin, bank],
      6099,
      "InvalidFeeWallet",
      "Invalid fee wallet: account constraint violated",
      "fee_state",
    );
    await expectAnchorError(
      [addBankIx(bank.publicKey, mint6, BASE_CONFIG, { liquidityVault: vaults(bank.publicKey).insurance[0] })],
      [bankPayer, admin, bank],
      2006,
      "ConstraintSeeds",
      "A seeds constraint was violated",
      "liquidity_vault",
    );
    await expectAnchorError(
      [addBankIx(bank.publicKey, Keypair.generate().publicKey, BASE_CONFIG)],
      [bankPayer, admin, bank],
      3012,
      "AccountNotInitialized",
      "The program expected this account to be already initialized",
      "bank_mint",
    );
    await expectAnchorError(
      [addBankIx(bank.publicKey, stranger.publicKey, BASE_CONFIG)],
      [bankPayer, admin, bank],
      3007,
      "AccountOwnedByWrongProgram",
      "The given account is owned by a different program than expected",
      "bank_mint",
    );
    await expectAnchorError(
      [addBankIx(bank.publicKey, group, BASE_CONFIG)],
      [bankPayer, admin, bank],
      3007,
      "AccountOwnedByWrongProgram",
      "The given account is owned by a different program than expected",
      "bank_mint",
    );
  });
});

describe("lending_pool_add_bank_with_seed", () => {
  it("creates the bank at the PDA [group, mint, seed] with the same state as add_bank", async () => {
    const seed = 7n;
    const [bank] = pda([group.toBuffer(), mint6.toBuffer(), u64(seed)]);
    const before = decodeMarginfiGroup((await connection.getAccountInfo(group))!.data).banks;
    const walletBefore = BigInt(await connection.getBalance(feeWallet.publicKey));

    const [wrong] = pda([group.toBuffer(), mint6.toBuffer(), u64(seed + 1n)]);
    await expectAnchorError(
      [addBankIx(wrong, mint6, BASE_CONFIG, { seed })],
      [bankPayer, admin],
      2006,
      "ConstraintSeeds",
      "A seeds constraint was violated",
      "bank",
    );

    const signature = await send([addBankIx(bank, mint6, BASE_CONFIG, { seed })], [bankPayer, admin]);
    const landed = await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(landed!.meta!.logMessages![1]).toBe("Program log: Instruction: LendingPoolAddBankWithSeed");
    expect(await bankState(bank)).toEqual(expectedBank(bank, mint6, 6, group, await blockTime(signature), BASE_CONFIG));
    await expectVaults(bank, mint6);
    expect(BigInt(await connection.getBalance(feeWallet.publicKey)) - walletBefore).toBe(BigInt(BANK_INIT_FEE));
    expect(decodeMarginfiGroup((await connection.getAccountInfo(group))!.data).banks).toBe(before + 1);

    // The same seed cannot be used twice (the System program refuses to create an existing account).
    const again = await simulate([addBankIx(bank, mint6, BASE_CONFIG, { seed })], [bankPayer, admin]);
    expect(again.err).toEqual({ InstructionError: [0, { Custom: 0 }] });
    // A different seed for the same mint is a different bank.
    const [second] = pda([group.toBuffer(), mint6.toBuffer(), u64(seed + 1n)]);
    await send([addBankIx(second, mint6, BASE_CONFIG, { seed: seed + 1n })], [bankPayer, admin]);
    expect((await bankState(second)).mint).toBe(mint6.toBase58());
  });
});

describe("arena groups", () => {
  it("hold at most two banks (6073)", async () => {
    const arena = await newGroup();
    // 0.1.7a has no instruction that sets the deprecated ARENA_GROUP flag (groups from older versions carry
    // it), so the test plants the bit in the stored group directly.
    const stored = net.ledger.getAccount(arena.toBase58())!;
    MarginfiGroupLayout.fields.groupFlags.set(stored.data, 1n | 2n);
    expect(decodeMarginfiGroup((await connection.getAccountInfo(arena))!.data).groupFlags).toBe(3n);

    await addBank(mint6, BASE_CONFIG, arena);
    await addBank(mint9, BASE_CONFIG, arena);
    expect(decodeMarginfiGroup((await connection.getAccountInfo(arena))!.data).banks).toBe(2);
    const third = Keypair.generate();
    await expectAnchorError(
      [addBankIx(third.publicKey, mint6, BASE_CONFIG, { groupKey: arena })],
      [bankPayer, admin, third],
      6073,
      "ArenaBankLimit",
      "Arena groups can only support two banks",
    );
    // A regular group is not limited.
    const regular = await newGroup();
    for (let i = 0; i < 3; i++) await addBank(mint6, BASE_CONFIG, regular);
    expect(decodeMarginfiGroup((await connection.getAccountInfo(regular))!.data).banks).toBe(3);
  });
});

// ---- configuration ----------------------------------------------------------------------------------------

function bankIx(name: string, bank: PublicKey, signer: Keypair, args: Buffer[], groupKey = group, extra: PublicKey[] = []) {
  return ix(
    name,
    [
      [groupKey, false, false],
      [signer.publicKey, true, false],
      [bank, false, true],
      ...extra.map((k): [PublicKey, boolean, boolean] => [k, false, false]),
    ],
    args,
  );
}
const configureIx = (bank: PublicKey, o: BankConfigOpt, signer = admin, groupKey = group) =>
  bankIx("lending_pool_configure_bank", bank, signer, [encodeBankConfigOpt(o)], groupKey);
const interestIx = (bank: PublicKey, o: Partial<InterestCompact>, signer = curveAdmin) =>
  bankIx("lending_pool_configure_bank_interest_only", bank, signer, [encodeInterestRateConfigOpt(o)]);
const limitsIx = (
  bank: PublicKey,
  deposit: bigint | undefined,
  borrow: bigint | undefined,
  tavil: bigint | undefined,
  signer = limitAdmin,
) => bankIx("lending_pool_configure_bank_limits_only", bank, signer, [option(deposit, u64), option(borrow, u64), option(tavil, u64)]);
const oracleIx = (bank: PublicKey, setup: number, oracle: PublicKey, remaining: PublicKey[], signer = admin) =>
  bankIx("lending_pool_configure_bank_oracle", bank, signer, [u8(setup), oracle.toBuffer()], group, remaining);

describe("lending_pool_configure_bank", () => {
  it("applies every given field exactly and leaves the rest", async () => {
    const bank = await addBank(mint6);
    const before = await bankState(bank);
    const points = padPoints([
      { util: 1_000_000_000, rate: 30_000_000 },
      { util: 3_000_000_000, rate: 90_000_000 },
    ]);
    await send(
      [
        configureIx(bank, {
          assetWeightInit: "0.7",
          assetWeightMaint: "0.8",
          liabilityWeightInit: "1.25",
          liabilityWeightMaint: "1.1",
          depositLimit: 77n,
          borrowLimit: 66n,
          operationalState: 2,
          interest: { protocolIrFee: "0.06", zeroUtilRate: 10_000_000, hundredUtilRate: 400_000_000, points },
          assetTag: 1,
          totalAssetValueInitLimit: 55n,
          oracleMaxConfidence: 123_456,
          oracleMaxAge: 30,
          permissionlessBadDebtSettlement: true,
          tokenlessRepaymentsAllowed: true,
        }),
      ],
      [admin],
    );
    const expected = structuredClone(before);
    const c = expected.config;
    c.assetWeightInit = i80f48.fromDecimal("0.7");
    c.assetWeightMaint = i80f48.fromDecimal("0.8");
    c.liabilityWeightInit = i80f48.fromDecimal("1.25");
    c.liabilityWeightMaint = i80f48.fromDecimal("1.1");
    c.depositLimit = 77n;
    c.borrowLimit = 66n;
    c.operationalState = 2;
    c.interestRateConfig.protocolIrFee = i80f48.fromDecimal("0.06");
    c.interestRateConfig.zeroUtilRate = 10_000_000;
    c.interestRateConfig.hundredUtilRate = 400_000_000;
    c.interestRateConfig.points = points;
    c.assetTag = 1;
    c.totalAssetValueInitLimit = 55n;
    c.oracleMaxConfidence = 123_456;
    c.oracleMaxAge = 30;
    expected.flags = 16n | 4n | 32n;
    expect(await bankState(bank)).toEqual(expected);

    // Flags clear again; an all-None config changes nothing.
    await send([configureIx(bank, { permissionlessBadDebtSettlement: false, tokenlessRepaymentsAllowed: false })], [admin]);
    expected.flags = 16n;
    expect(await bankState(bank)).toEqual(expected);
    await send([configureIx(bank, {})], [admin]);
    expect(await bankState(bank)).toEqual(expected);
  });

  it("refuses strangers, foreign banks, killing a bank and invalid results", async () => {
    const bank = await addBank(mint6);
    const other = await newGroup();
    const foreign = await addBank(mint6, BASE_CONFIG, other);
    await expectAnchorError([configureIx(bank, { depositLimit: 1n }, stranger)], [stranger], 6042, "Unauthorized", "Unauthorized", "group");
    await expectAnchorError(
      [configureIx(foreign, { depositLimit: 1n })],
      [admin],
      6093,
      "InvalidGroup",
      "Invalid group: account constraint violated",
      "bank",
    );
    await expectAnchorError([configureIx(bank, { operationalState: 3 })], [admin], 6042, "Unauthorized", "Unauthorized");
    await expectAnchorError([configureIx(bank, { assetWeightInit: "0.7" })], [admin], 6015, "InvalidConfig", "Invalid group config");
    await expectAnchorError([configureIx(bank, { riskTier: 1 })], [admin], 6015, "InvalidConfig", "Invalid group config");
    await expectAnchorError(
      [configureIx(bank, { interest: { zeroUtilRate: THREE_HUNDRED_PCT_APR + 1 } })],
      [admin],
      6015,
      "InvalidConfig",
      "Invalid group config",
    );
    await expectAnchorError([configureIx(bank, { oracleMaxAge: 5 })], [admin], 6025, "InvalidOracleSetup", "Invalid oracle setup");
  });

  it("on a frozen bank applies only the deposit and borrow limits, without validation", async () => {
    const bank = await addBank(mint6);
    await send([configureIx(bank, { freezeSettings: true })], [admin]);
    const frozen = await bankState(bank);
    expect(frozen.flags).toBe(16n | 8n);
    await send(
      [configureIx(bank, { depositLimit: 5n, borrowLimit: 6n, assetWeightInit: "5", oracleMaxAge: 1, freezeSettings: false })],
      [admin],
    );
    const expected = structuredClone(frozen);
    expected.config.depositLimit = 5n;
    expected.config.borrowLimit = 6n;
    expect(await bankState(bank)).toEqual(expected);

    // The delegates: interest is left alone, limits only take deposit and borrow.
    await send([interestIx(bank, { protocolIrFee: "0.5" })], [curveAdmin]);
    await send([limitsIx(bank, 8n, 9n, 10n)], [limitAdmin]);
    expected.config.depositLimit = 8n;
    expected.config.borrowLimit = 9n;
    expect(await bankState(bank)).toEqual(expected);
  });
});

describe("delegate curve and limit admins", () => {
  it("lets the curve admin (only) change the interest settings, validated, with the curve forced to seven-point", async () => {
    const bank = await addBank(mint6);
    const before = await bankState(bank);
    await expectAnchorError([interestIx(bank, { protocolIrFee: "0.1" }, admin)], [admin], 6042, "Unauthorized", "Unauthorized", "group");
    await expectAnchorError([interestIx(bank, { hundredUtilRate: 1 })], [curveAdmin], 6015, "InvalidConfig", "Invalid group config");
    await send(
      [
        interestIx(bank, {
          insuranceFeeFixedApr: "0.2",
          insuranceIrFee: "0.3",
          protocolOriginationFee: "0.01",
          hundredUtilRate: U32_MAX_RATE,
        }),
      ],
      [curveAdmin],
    );
    const expected = structuredClone(before);
    const r = expected.config.interestRateConfig;
    r.insuranceFeeFixedApr = i80f48.fromDecimal("0.2");
    r.insuranceIrFee = i80f48.fromDecimal("0.3");
    r.protocolOriginationFee = i80f48.fromDecimal("0.01");
    r.hundredUtilRate = U32_MAX_RATE;
    expect(await bankState(bank)).toEqual(expected);
  });

  it("lets the limit admin (only) change the three limits, unvalidated", async () => {
    const bank = await addBank(mint6);
    const before = await bankState(bank);
    await expectAnchorError([limitsIx(bank, 1n, 2n, 3n, admin)], [admin], 6042, "Unauthorized", "Unauthorized", "group");
    await send([limitsIx(bank, 0n, U64_MAX, 3n)], [limitAdmin]);
    const expected = structuredClone(before);
    expected.config.depositLimit = 0n;
    expected.config.borrowLimit = U64_MAX;
    expected.config.totalAssetValueInitLimit = 3n;
    expect(await bankState(bank)).toEqual(expected);
    await send([limitsIx(bank, undefined, 4n, undefined)], [limitAdmin]);
    expected.config.borrowLimit = 4n;
    expect(await bankState(bank)).toEqual(expected);
  });
});

// ---- oracle -------------------------------------------------------------------------------------------------

function priceUpdateV2(full: boolean): Buffer {
  const data = Buffer.alloc(134);
  Buffer.from([34, 241, 35, 99, 157, 126, 244, 205]).copy(data, 0);
  Keypair.generate().publicKey.toBuffer().copy(data, 8);
  let o = 40;
  if (full) data[o++] = 1;
  else {
    data[o++] = 0;
    data[o++] = 13;
  }
  Buffer.alloc(32, 9).copy(data, o); // feed id
  data.writeBigInt64LE(6_500_000_000n, o + 32);
  data.writeBigUInt64LE(1_000_000n, o + 40);
  data.writeInt32LE(-8, o + 48);
  return data;
}
async function receiverAccount(data: Buffer): Promise<PublicKey> {
  const account = Keypair.generate();
  await send(
    [
      SystemProgram.createAccount({
        fromPubkey: admin.publicKey,
        newAccountPubkey: account.publicKey,
        lamports: Number(minimumBalanceForRentExemption(data.length)),
        space: data.length,
        programId: PYTH_RECEIVER,
      }),
      new TransactionInstruction({
        programId: PYTH_RECEIVER,
        keys: [{ pubkey: account.publicKey, isSigner: false, isWritable: true }],
        data,
      }),
    ],
    [admin, account],
  );
  return account.publicKey;
}

describe("lending_pool_configure_bank_oracle", () => {
  it("stores the setup and first key after validating the feed account", async () => {
    const bank = await addBank(mint6);
    const before = await bankState(bank);
    const feed = await receiverAccount(priceUpdateV2(true));
    const partial = await receiverAccount(priceUpdateV2(false));
    const garbage = await receiverAccount(Buffer.alloc(134, 1));
    const plain = Keypair.generate().publicKey;
    await net.ledger.requestAirdrop(plain.toBase58(), 1_000_000_000n);

    const fails = (setup: number, oracle: PublicKey, remaining: PublicKey[], code: number, name: string, message: string) =>
      expectAnchorError([oracleIx(bank, setup, oracle, remaining)], [admin], code, name, message);
    await fails(3, feed, [], 6051, "WrongNumberOfOracleAccounts", "Oracle error: wrong number of accounts");
    await fails(3, feed, [feed, feed], 6051, "WrongNumberOfOracleAccounts", "Oracle error: wrong number of accounts");
    await fails(3, feed, [partial], 6052, "WrongOracleAccountKeys", "Oracle error: wrong account keys");
    await fails(3, plain, [plain], 6053, "PythPushWrongAccountOwner", "Pyth Push oracle: wrong account owner");
    await fails(3, garbage, [garbage], 6060, "PythPushInvalidAccount", "Pyth Push oracle: invalid account");
    await fails(4, feed, [feed], 6059, "SwitchboardWrongAccountOwner", "Switchboard oracle: wrong account owner");
    await fails(5, plain, [plain], 6054, "StakedPythPushWrongAccountOwner", "Staked Pyth Push oracle: wrong account owner");
    await fails(0, feed, [], 6031, "OracleNotSetup", "Oracle is not set");
    await fails(6, feed, [feed, plain], 6210, "KaminoReserveValidationFailed", "Kamino reserve validation failed");
    await expectAnchorError([oracleIx(bank, 3, feed, [feed], stranger)], [stranger], 6042, "Unauthorized", "Unauthorized", "group");

    // Unknown setup bytes, Fixed and the deprecated setups make the program panic.
    for (const setup of [13, 255, 8, 1, 2]) {
      const result = await simulate([oracleIx(bank, setup, feed, [feed])], [admin]);
      expect(result.err).toEqual({ InstructionError: [0, "ProgramFailedToComplete"] });
    }

    await send([oracleIx(bank, 3, feed, [feed])], [admin]);
    const expected = structuredClone(before);
    expected.config.oracleSetup = 3;
    expected.config.oracleKeys[0] = feed.toBase58();
    expect(await bankState(bank)).toEqual(expected);

    // A partially verified update still deserializes, so configuration accepts it (staleness and verification
    // level are checked when prices are read).
    await send([oracleIx(bank, 3, partial, [partial])], [admin]);
    expected.config.oracleKeys[0] = partial.toBase58();
    expect(await bankState(bank)).toEqual(expected);

    // Frozen banks cannot change oracles.
    await send([configureIx(bank, { freezeSettings: true })], [admin]);
    const frozen = await simulate([oracleIx(bank, 3, feed, [feed])], [admin]);
    expect(frozen.err).toEqual({ InstructionError: [0, "ProgramFailedToComplete"] });
  });
});
