import { Keypair, PublicKey } from "@solana/web3.js";
import { InstructionError } from "../../src/errors.js";
import type { Program } from "../../src/runtime/program.js";
import { instructionsSysvarAt, instructionsSysvarCount, instructionsSysvarCurrentIndex } from "../../src/runtime/sysvars.js";

/** Small programs that exercise one runtime feature each, selected by the first data byte. */
export const probeId = Keypair.generate().publicKey.toBase58();
export const SYSTEM = "11111111111111111111111111111111";

export function vaultAddress(): { address: string; bump: number } {
  const [address, bump] = PublicKey.findProgramAddressSync([Buffer.from("vault")], new PublicKey(probeId));
  return { address: address.toBase58(), bump };
}

export const Probe = {
  /** burn `u32` compute units */
  Burn: 0,
  /** pay `u64` lamports out of the program's vault PDA (accounts: vault, recipient, system program); byte 9 = 1 signs with seeds */
  PayFromVault: 1,
  /** invoke itself recursively forever (accounts: probe program) */
  Recurse: 2,
  /** set return data and log an event */
  ReturnAndEvent: 3,
  /** log what the Instructions sysvar says (accounts: instructions sysvar) */
  Introspect: 4,
  /** create lamports out of nothing in a writable account it owns (accounts: any) */
  Counterfeit: 5,
} as const;

export const probe: Program = {
  id: probeId,
  builtin: false,
  execute(ctx) {
    ctx.consume(100);
    switch (ctx.data.at(0) ?? -1) {
      case Probe.Burn:
        ctx.consume(ctx.data.readUInt32LE(1));
        return;
      case Probe.PayFromVault: {
        const [vault, recipient] = ctx.accounts;
        const data = Buffer.alloc(12);
        data.writeUInt32LE(2, 0);
        data.writeBigUInt64LE(ctx.data.readBigUInt64LE(1), 4);
        const { bump } = vaultAddress();
        ctx.invoke(
          {
            programId: SYSTEM,
            accounts: [
              { pubkey: vault!.key, isSigner: true, isWritable: true },
              { pubkey: recipient!.key, isSigner: false, isWritable: true },
            ],
            data,
          },
          ctx.data[9] === 1 ? [[Buffer.from("vault"), Buffer.from([bump])]] : [],
        );
        return;
      }
      case Probe.Recurse:
        ctx.log(`depth ${ctx.stackHeight}`);
        ctx.invoke({
          programId: probeId,
          accounts: [{ pubkey: probeId, isSigner: false, isWritable: false }],
          data: Buffer.from([Probe.Recurse]),
        });
        return;
      case Probe.ReturnAndEvent:
        ctx.logData(Buffer.from("event"), Buffer.from([1, 2, 3]));
        ctx.setReturnData(Buffer.from([42, 43]));
        return;
      case Probe.Introspect: {
        const data = ctx.accounts[0]!.account.data;
        const current = instructionsSysvarCurrentIndex(data);
        ctx.log(`instruction ${current} of ${instructionsSysvarCount(data)}, program ${instructionsSysvarAt(data, current).programId}`);
        return;
      }
      case Probe.Counterfeit:
        ctx.accounts[0]!.account.lamports += 1n;
        return;
      default:
        throw new InstructionError("InvalidInstructionData");
    }
  },
};
