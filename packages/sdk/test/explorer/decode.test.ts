// The explorer's decoders over instructions the programs' own client builders make, for the programs the seeded
// chain does not run in the server's test (the router, the stake pool and its stake program, Scope, Token-2022, Memo): every one decoded by
// name with its named accounts and arguments; an unknown program keeps its data in hex, and bytes no instruction of
// a known program has are reported, never shown as an instruction. Also the link helper and the UI amounts.
import { Keypair, PublicKey, TransactionInstruction, type AccountMeta } from "@solana/web3.js";
import { TOKEN_2022_PROGRAM_ID, createTransferCheckedInstruction } from "@solana/spl-token";
import { SCOPE_PROGRAM_ID, setScopePricesInstruction } from "@ballast/oracles";
import { NATIVE_STAKE_PROGRAM_ID, depositSolInstruction, initializeDelegatedData, syncDelegationData } from "@ballast/stake-pool";
import { CurveKind, ROUTER_PROGRAM_ID, poolAddresses, routeInstruction } from "@ballast/swap";
import { MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import {
  MEMO_PROGRAM_ID,
  decodeExplorerInstruction,
  explorerLink,
  explorerPrograms,
  uiAmountText,
  type RawInstruction,
} from "../../src/index.js";

const programs = explorerPrograms(MARGINFI_PROGRAM_ID);
const key = () => Keypair.generate().publicKey;

function raw(ix: TransactionInstruction): RawInstruction {
  return {
    programId: ix.programId.toBase58(),
    accounts: ix.keys.map((k: AccountMeta) => ({ address: k.pubkey.toBase58(), writable: k.isWritable, signer: k.isSigner })),
    data: Buffer.from(ix.data),
  };
}

const decode = (ix: TransactionInstruction) => decodeExplorerInstruction(programs, raw(ix));

describe("decodeExplorerInstruction", () => {
  it("decodes the router's route with its named accounts, route plan and amounts", () => {
    const [usdc, sol] = [key(), key()];
    const pool = poolAddresses(sol, usdc, CurveKind.ConstantProduct);
    const [authority, source, destination] = [key(), key(), key()];
    const ix = routeInstruction({
      hops: [{ pool, aToB: true }],
      userTransferAuthority: authority,
      userSourceTokenAccount: source,
      userDestinationTokenAccount: destination,
      slippageBps: 50,
      inAmount: 1_000_000n,
      quotedOutAmount: 6_500n,
    });
    const decoded = decode(ix);
    expect(decoded).toMatchObject({ programId: ROUTER_PROGRAM_ID, program: "Jupiter v6 (Ballast router)", name: "route", data: null });
    expect(decoded.accounts.slice(0, 3).map((a) => [a.name, a.address])).toEqual([
      ["tokenProgram", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"],
      ["userTransferAuthority", authority.toBase58()],
      ["userSourceTokenAccount", source.toBase58()],
    ]);
    expect(decoded.accounts.every((a) => a.name !== null)).toBe(true);
    expect(decoded.args).toMatchObject({ inAmount: "1000000", quotedOutAmount: "6500", slippageBps: 50, platformFeeBps: 0 });
    expect(decoded.args!.routePlan).toEqual([{ swap: { ballastPool: { aToB: true } }, percent: 100, inputIndex: 0, outputIndex: 1 }]);
  });

  it("decodes the stake pool's deposit_sol, the stake program's two instructions, Scope's operator_set_prices, Token-2022's TransferChecked and a memo", () => {
    const [depositor, vote, destination] = [key(), key(), key()];
    const deposit = decode(depositSolInstruction({ depositor, voteAccount: vote, destination, lamports: 2_500_000_000n }));
    expect(deposit).toMatchObject({ program: "Stake pool (single-validator)", name: "deposit_sol", args: { lamports: "2500000000" } });
    expect(deposit.accounts[0]).toEqual({ name: "depositor", address: depositor.toBase58(), writable: true, signer: true });

    const admin = key();
    const prices = key();
    const scope = decode(
      setScopePricesInstruction({
        admin,
        feedName: "ballast",
        oraclePrices: prices,
        updates: [{ index: 3, value: 12_345n, exp: 2n, unixTimestamp: 1_700_000_000n }],
      }),
    );
    expect(scope).toMatchObject({ programId: SCOPE_PROGRAM_ID, program: "Kamino Scope", name: "operator_set_prices" });
    expect(scope.accounts.map((a) => a.name)).toEqual(["admin", "configuration", "oraclePrices"]);
    expect(scope.args).toEqual({ feedName: "ballast", updates: [{ index: 3, value: "12345", exp: "2", unixTimestamp: "1700000000" }] });

    const [source, mint, target, owner] = [key(), key(), key(), key()];
    const transfer = decode(createTransferCheckedInstruction(source, mint, target, owner, 1_500_000n, 6, [], TOKEN_2022_PROGRAM_ID));
    expect(transfer).toMatchObject({ program: "Token-2022", name: "TransferChecked", args: { amount: "1500000", decimals: 6 } });
    expect(transfer.accounts.map((a) => a.name)).toEqual(["source", "mint", "destination", "owner"]);

    const [stake, staker] = [key(), key()];
    const meta = (pubkey: PublicKey, isSigner: boolean) => ({ pubkey, isSigner, isWritable: !isSigner });
    const stakeProgram = new PublicKey(NATIVE_STAKE_PROGRAM_ID);
    const initialize = decode(
      new TransactionInstruction({
        programId: stakeProgram,
        keys: [meta(stake, false), meta(vote, false)],
        data: initializeDelegatedData(staker.toBase58(), depositor.toBase58()),
      }),
    );
    expect(initialize).toMatchObject({
      program: "Stake Program",
      name: "initialize_delegated",
      args: { staker: staker.toBase58(), withdrawer: depositor.toBase58() },
    });
    expect(initialize.accounts.map((a) => a.name)).toEqual(["stake", "voteAccount"]);
    const sync = decode(
      new TransactionInstruction({ programId: stakeProgram, keys: [meta(stake, false), meta(staker, true)], data: syncDelegationData() }),
    );
    expect(sync).toMatchObject({ name: "sync_delegation", args: {} });
    expect(sync.accounts.map((a) => a.name)).toEqual(["stake", "staker"]);

    const memo = decode(new TransactionInstruction({ programId: new PublicKey(MEMO_PROGRAM_ID), keys: [], data: Buffer.from("ballast") }));
    expect(memo).toMatchObject({ program: "Memo", name: "Memo", args: { memo: "ballast" } });
  });

  it("keeps an unknown program's data in hex, and reports bytes a known program does not decode", () => {
    const unknown = decode(new TransactionInstruction({ programId: key(), keys: [], data: Buffer.from([1, 2, 255]) }));
    expect(unknown).toMatchObject({ program: null, name: null, data: "0102ff", decodeError: null });
    const garbage = decode(
      new TransactionInstruction({ programId: new PublicKey(MARGINFI_PROGRAM_ID), keys: [], data: Buffer.alloc(8, 9) }),
    );
    expect(garbage).toMatchObject({
      program: "Lending program (marginfi v2)",
      name: null,
      data: "0909090909090909",
      decodeError: "no instruction has the discriminator 0909090909090909",
    });
  });
});

describe("explorerLink", () => {
  const signature = "5".repeat(88);
  const address = key().toBase58();
  it("links to the app's own pages on the local chain", () => {
    expect(explorerLink({ kind: "tx", signature }, { explorer: null })).toEqual({ href: `/tx/${signature}`, external: false });
    expect(explorerLink({ kind: "address", address }, { explorer: null })).toEqual({ href: `/address/${address}`, external: false });
  });
  it("fills the external explorer's templates elsewhere", () => {
    const explorer = { transactionUrl: "https://x.example/tx/{signature}?cluster=devnet", addressUrl: "https://x.example/a/{address}" };
    expect(explorerLink({ kind: "tx", signature }, { explorer })).toEqual({
      href: `https://x.example/tx/${signature}?cluster=devnet`,
      external: true,
    });
    expect(explorerLink({ kind: "address", address }, { explorer })).toEqual({ href: `https://x.example/a/${address}`, external: true });
  });
});

describe("uiAmountText", () => {
  it("writes base units as exact decimals", () => {
    expect(uiAmountText(1_000_000_000n, 9)).toBe("1");
    expect(uiAmountText(10_000n, 9)).toBe("0.00001");
    expect(uiAmountText(-1_500_000n, 6)).toBe("-1.5");
    expect(uiAmountText(0n, 6)).toBe("0");
    expect(uiAmountText(42n, 0)).toBe("42");
  });
});
