import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  sendAndConfirmTransaction,
} from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalnet, type Localnet } from "@ballast/ledger";
import {
  MARGINFI_PROGRAM_ID,
  decodeFeeState,
  decodeMarginfiGroup,
  i80f48,
  instructionDiscriminator,
  lendingProgram,
} from "../../src/index.js";

const PROGRAM = new PublicKey(MARGINFI_PROGRAM_ID);
const FEE_STATE = PublicKey.findProgramAddressSync([Buffer.from("feestate")], PROGRAM)[0];

let net: Localnet;
let connection: Connection;
let payer: Keypair;
const feeAdmin = Keypair.generate();
const feeWallet = Keypair.generate().publicKey;

function u32(v: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v);
  return b;
}
function fixed(decimal: string): Buffer {
  const b = Buffer.alloc(16);
  i80f48.write(b, 0, i80f48.fromDecimal(decimal));
  return b;
}
function ix(name: string, keys: [PublicKey, boolean, boolean][], args: Buffer[] = []): TransactionInstruction {
  return new TransactionInstruction({
    programId: PROGRAM,
    keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
    data: Buffer.concat([instructionDiscriminator(name), ...args]),
  });
}
function feeArgs(
  admin: PublicKey,
  wallet: PublicKey,
  bankFee: number,
  liquidationFee: number,
  fixedFee: string,
  rate: string,
  maxFee: string,
): Buffer[] {
  return [admin.toBuffer(), wallet.toBuffer(), u32(bankFee), u32(liquidationFee), fixed(fixedFee), fixed(rate), fixed(maxFee)];
}
async function simulate(instruction: TransactionInstruction, signers: Keypair[]) {
  const tx = new Transaction().add(instruction);
  tx.feePayer = signers[0]!.publicKey;
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  tx.sign(...signers);
  return (await connection.simulateTransaction(tx)).value;
}

beforeAll(async () => {
  net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 50, programs: [lendingProgram()] });
  connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  payer = Keypair.generate();
  await net.ledger.requestAirdrop(payer.publicKey.toBase58(), 100_000_000_000n);
  await net.ledger.requestAirdrop(feeAdmin.publicKey.toBase58(), 1_000_000_000n);
});
afterAll(() => net.close());

describe("global fee state and group administration on the ledger", () => {
  it("creates the fee state PDA once, with every field as given", async () => {
    const init = ix(
      "init_global_fee_state",
      [
        [payer.publicKey, true, true],
        [FEE_STATE, false, true],
        [SystemProgram.programId, false, false],
      ],
      feeArgs(feeAdmin.publicKey, feeWallet, 150_000_000, 50_000_000, "0.01", "0.05", "0.1"),
    );
    const signature = await sendAndConfirmTransaction(connection, new Transaction().add(init), [payer]);
    const account = (await connection.getAccountInfo(FEE_STATE))!;
    expect(account.owner.toBase58()).toBe(MARGINFI_PROGRAM_ID);
    expect(account.data.length).toBe(264);
    const state = decodeFeeState(account.data);
    expect(state.key).toBe(FEE_STATE.toBase58());
    expect(state.globalFeeAdmin).toBe(feeAdmin.publicKey.toBase58());
    expect(state.globalFeeWallet).toBe(feeWallet.toBase58());
    expect(state.bankInitFlatSolFee).toBe(150_000_000);
    expect(state.liquidationFlatSolFee).toBe(50_000_000);
    expect(i80f48.toDecimal(state.programFeeFixed)).toBe(i80f48.toDecimal(i80f48.fromDecimal("0.01")));
    expect(state.programFeeRate).toBe(i80f48.fromDecimal("0.05"));
    expect(state.liquidationMaxFee).toBe(i80f48.fromDecimal("0.1"));
    expect(state.bumpSeed).toBe(PublicKey.findProgramAddressSync([Buffer.from("feestate")], PROGRAM)[1]);
    const landed = await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(landed?.meta?.logMessages?.slice(0, 2)).toEqual([
      `Program ${MARGINFI_PROGRAM_ID} invoke [1]`,
      "Program log: Instruction: InitGlobalFeeState",
    ]);

    const again = await simulate(init, [payer]);
    expect(again.err).toEqual({ InstructionError: [0, { Custom: 0 }] });
  });

  it("lets only the global fee admin edit the fee state, logging Anchor's error otherwise", async () => {
    const stranger = Keypair.generate();
    await net.ledger.requestAirdrop(stranger.publicKey.toBase58(), 1_000_000_000n);
    const edit = (signer: Keypair, rate: string) =>
      ix(
        "edit_global_fee_state",
        [
          [signer.publicKey, true, false],
          [FEE_STATE, false, true],
        ],
        feeArgs(feeAdmin.publicKey, feeWallet, 150_000_000, 50_000_000, "0.01", rate, "0.1"),
      );
    const refused = await simulate(edit(stranger, "0.2"), [stranger]);
    expect(refused.err).toEqual({ InstructionError: [0, { Custom: 6042 }] });
    expect(refused.logs).toContain(
      "Program log: AnchorError caused by account: fee_state. Error Code: Unauthorized. Error Number: 6042. Error Message: Unauthorized.",
    );

    await sendAndConfirmTransaction(connection, new Transaction().add(edit(feeAdmin, "0.07")), [feeAdmin]);
    expect(decodeFeeState((await connection.getAccountInfo(FEE_STATE))!.data).programFeeRate).toBe(i80f48.fromDecimal("0.07"));
  });

  it("initializes a group with program fees on, default e-mode caps and the fee settings cached", async () => {
    const group = Keypair.generate();
    const init = ix("marginfi_group_initialize", [
      [group.publicKey, true, true],
      [payer.publicKey, true, true],
      [FEE_STATE, false, false],
      [SystemProgram.programId, false, false],
    ]);
    const signature = await sendAndConfirmTransaction(connection, new Transaction().add(init), [payer, group]);
    const blockTime = (await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 }))!
      .blockTime!;
    const state = decodeMarginfiGroup((await connection.getAccountInfo(group.publicKey))!.data);
    expect(state.admin).toBe(payer.publicKey.toBase58());
    expect(state.groupFlags).toBe(1n);
    expect(state.emodeMaxInitLeverage).toBe(644_245_094);
    expect(state.emodeMaxMaintLeverage).toBe(858_993_458);
    expect(state.banks).toBe(0);
    expect(state.feeStateCache.globalFeeWallet).toBe(feeWallet.toBase58());
    expect(state.feeStateCache.programFeeRate).toBe(i80f48.fromDecimal("0.07"));
    expect(state.feeStateCache.lastUpdate).toBe(BigInt(blockTime));

    // The global fee admin, not the group admin, turns program fees off.
    const configFee = (signer: Keypair, enable: boolean) =>
      ix(
        "config_group_fee",
        [
          [group.publicKey, false, true],
          [signer.publicKey, true, false],
          [FEE_STATE, false, false],
        ],
        [Buffer.from([enable ? 1 : 0])],
      );
    expect((await simulate(configFee(payer, false), [payer])).err).toEqual({ InstructionError: [0, { Custom: 6042 }] });
    await sendAndConfirmTransaction(connection, new Transaction().add(configFee(feeAdmin, false)), [feeAdmin]);
    expect(decodeMarginfiGroup((await connection.getAccountInfo(group.publicKey))!.data).groupFlags).toBe(0n);

    // Group configuration: leverage caps must satisfy 1 <= init < maint <= 100 (6075 otherwise).
    const roles = Array.from({ length: 7 }, (_, i) => (i === 0 ? payer.publicKey : Keypair.generate().publicKey));
    const configure = (init: string | null, maint: string | null) =>
      ix(
        "marginfi_group_configure",
        [
          [group.publicKey, false, true],
          [payer.publicKey, true, false],
        ],
        [
          ...roles.map((r) => r.toBuffer()),
          ...[init, maint].map((v) => (v === null ? Buffer.from([0]) : Buffer.concat([Buffer.from([1]), fixed(v)]))),
        ],
      );
    const bad = await simulate(configure("20", "10"), [payer]);
    expect(bad.err).toEqual({ InstructionError: [0, { Custom: 6075 }] });
    expect(bad.logs).toContain(
      "Program log: AnchorError occurred. Error Code: BadEmodeConfig. Error Number: 6075. Error Message: The Emode config was invalid.",
    );
    await sendAndConfirmTransaction(connection, new Transaction().add(configure("10", "50")), [payer]);
    const configured = decodeMarginfiGroup((await connection.getAccountInfo(group.publicKey))!.data);
    expect(configured.emodeMaxInitLeverage).toBe(429_496_729);
    expect(configured.emodeMaxMaintLeverage).toBe(2_147_483_647);
    expect(configured.emodeAdmin).toBe(roles[1]!.toBase58());
    expect(configured.riskAdmin).toBe(roles[6]!.toBase58());
    // Only the group admin configures the group.
    const byStranger = configure("10", "50");
    byStranger.keys[1] = { pubkey: feeAdmin.publicKey, isSigner: true, isWritable: false };
    expect((await simulate(byStranger, [feeAdmin])).err).toEqual({ InstructionError: [0, { Custom: 6042 }] });
  });

  it("propagates the fee state to a group, and refuses unknown instructions with Anchor's fallback error", async () => {
    const group = Keypair.generate();
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        ix("marginfi_group_initialize", [
          [group.publicKey, true, true],
          [payer.publicKey, true, true],
          [FEE_STATE, false, false],
          [SystemProgram.programId, false, false],
        ]),
      ),
      [payer, group],
    );
    const edit = ix(
      "edit_global_fee_state",
      [
        [feeAdmin.publicKey, true, false],
        [FEE_STATE, false, true],
      ],
      feeArgs(feeAdmin.publicKey, feeWallet, 1, 2, "0.02", "0.09", "0.1"),
    );
    await sendAndConfirmTransaction(connection, new Transaction().add(edit), [feeAdmin]);
    const propagate = ix("propagate_fee_state", [
      [FEE_STATE, false, false],
      [group.publicKey, false, true],
    ]);
    await sendAndConfirmTransaction(connection, new Transaction().add(propagate), [payer]);
    const cache = decodeMarginfiGroup((await connection.getAccountInfo(group.publicKey))!.data).feeStateCache;
    expect(cache.programFeeFixed).toBe(i80f48.fromDecimal("0.02"));
    expect(cache.programFeeRate).toBe(i80f48.fromDecimal("0.09"));

    const unknown = new TransactionInstruction({ programId: PROGRAM, keys: [], data: Buffer.alloc(8, 7) });
    const refused = await simulate(unknown, [payer]);
    expect(refused.err).toEqual({ InstructionError: [0, { Custom: 101 }] });
    expect(refused.logs).toContain(
      "Program log: AnchorError occurred. Error Code: InstructionFallbackNotFound. Error Number: 101. Error Message: Fallback functions are not supported.",
    );
  });
});
