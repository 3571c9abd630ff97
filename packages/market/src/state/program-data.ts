// The BPF upgradeable loader's ProgramData account of a program (bincode UpgradeableLoaderState::ProgramData): the
// slot of the last deployment and the upgrade authority, if any. init_global_config reads its upgrade authority.
import { PublicKey } from "@solana/web3.js";
import { toPublicKey, type Key } from "@ballast/codec";

export const BPF_LOADER_UPGRADEABLE_ID = "BPFLoaderUpgradeab1e11111111111111111111111";

/** UpgradeableLoaderState's variant index for ProgramData. */
const PROGRAM_DATA_TAG = 3;
/** Tag (u32), slot (u64), Option<Pubkey> (1 + 32): the header before the program's bytes. */
export const PROGRAM_DATA_HEADER_SIZE = 45;

export interface ProgramDataHeader {
  slot: bigint;
  /** Base58, or null when the program is no longer upgradeable. */
  upgradeAuthority: string | null;
}

/** The ProgramData address of `programId`: the loader's PDA [program id]. */
export function programDataAddress(programId: Key): PublicKey {
  return PublicKey.findProgramAddressSync([toPublicKey(programId).toBuffer()], new PublicKey(BPF_LOADER_UPGRADEABLE_ID))[0];
}

/** The header bytes of a ProgramData account (followed by the program's bytes on a real cluster). */
export function encodeProgramDataHeader(header: ProgramDataHeader): Buffer {
  const data = Buffer.alloc(PROGRAM_DATA_HEADER_SIZE);
  data.writeUInt32LE(PROGRAM_DATA_TAG, 0);
  data.writeBigUInt64LE(header.slot, 4);
  if (header.upgradeAuthority !== null) {
    data[12] = 1;
    toPublicKey(header.upgradeAuthority).toBuffer().copy(data, 13);
  }
  return data;
}

/** The header, or null when the data is not a ProgramData state (another variant, too short, a bad option tag). */
export function decodeProgramDataHeader(data: Buffer): ProgramDataHeader | null {
  if (data.length < 13 || data.readUInt32LE(0) !== PROGRAM_DATA_TAG) return null;
  const slot = data.readBigUInt64LE(4);
  const option = data[12];
  if (option === 0) return { slot, upgradeAuthority: null };
  if (option !== 1 || data.length < PROGRAM_DATA_HEADER_SIZE) return null;
  return { slot, upgradeAuthority: new PublicKey(data.subarray(13, PROGRAM_DATA_HEADER_SIZE)).toBase58() };
}
