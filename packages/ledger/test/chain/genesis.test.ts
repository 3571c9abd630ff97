import { Keypair, PublicKey } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import type { Account } from "../../src/account.js";
import { BPF_LOADER_UPGRADEABLE_ID, missingGenesisAccounts, programDataAddress } from "../../src/chain/genesis.js";
import type { Program } from "../../src/runtime/program.js";

const program: Program = { id: Keypair.generate().publicKey.toBase58(), builtin: false, execute: () => undefined };

describe("upgradeable programs at genesis", () => {
  it("deploys a Program account pointing at a ProgramData with the upgrade authority", () => {
    const authority = Keypair.generate().publicKey;
    const writes = missingGenesisAccounts([program], () => undefined, authority.toBase58());
    const programData = programDataAddress(program.id);
    expect(programData).toBe(
      PublicKey.findProgramAddressSync([new PublicKey(program.id).toBuffer()], new PublicKey(BPF_LOADER_UPGRADEABLE_ID))[0].toBase58(),
    );
    const programAccount = writes.get(program.id);
    expect([programAccount?.owner, programAccount?.executable, programAccount?.data.length]).toEqual([BPF_LOADER_UPGRADEABLE_ID, true, 36]);
    expect(programAccount?.data.readUInt32LE(0)).toBe(2);
    expect(programAccount?.data.subarray(4).equals(new PublicKey(programData).toBuffer())).toBe(true);
    const header = writes.get(programData)?.data ?? Buffer.alloc(0);
    expect([header.length, header.readUInt32LE(0), header.readBigUInt64LE(4), header[12]]).toEqual([45, 3, 0n, 1]);
    expect(header.subarray(13).equals(authority.toBuffer())).toBe(true);
  });

  it("writes no authority when immutable, keeps an existing ProgramData and upgrades an all-zero Program account", () => {
    const immutable = missingGenesisAccounts([program], () => undefined, null);
    expect(immutable.get(programDataAddress(program.id))?.data).toEqual(Buffer.from([3, 0, 0, 0, ...new Array<number>(41).fill(0)]));

    const old = new Map<string, Account>([...immutable].map(([address, account]) => [address, { ...account }]));
    const zeros = old.get(program.id);
    if (zeros === undefined) throw new Error("no program account");
    old.set(program.id, { ...zeros, data: Buffer.alloc(36) });
    const upgrade = missingGenesisAccounts([program], (a) => old.get(a), Keypair.generate().publicKey.toBase58());
    expect([...upgrade.keys()].filter((a) => a === program.id || a === programDataAddress(program.id))).toEqual([program.id]);
    expect(upgrade.get(program.id)?.data).toEqual(immutable.get(program.id)?.data);
  });
});
