import { Connection, Keypair, type TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { land, simulateSigned } from "../../../ledger/test/support/localnet.js";
import { minimumBalanceForRentExemption, startLocalnet, type Localnet } from "@ballast/ledger";
import {
  ORACLE_PRICES_ACCOUNT_SIZE,
  SCOPE_CONFIGURATION_ACCOUNT_SIZE,
  SCOPE_MAX_ENTRIES,
  SCOPE_PROGRAM_ID,
  createScopeOraclePricesInstructions,
  decodeOraclePrices,
  decodeScopeConfiguration,
  emptyDatedPrice,
  readDatedPrice,
  scopeConfigurationAddress,
  scopeProgram,
  setScopePricesInstruction,
  type ScopeEntryUpdate,
} from "../../src/index.js";

const ZERO_KEY = "11111111111111111111111111111111";
const FEED = "hubble";

let net: Localnet;
let connection: Connection;
const admin = Keypair.generate();
const stranger = Keypair.generate();
const prices = Keypair.generate();

function set(updates: ScopeEntryUpdate[], signer: Keypair = admin): TransactionInstruction {
  return setScopePricesInstruction({ admin: signer.publicKey, feedName: FEED, oraclePrices: prices.publicKey, updates });
}

async function data(): Promise<Buffer> {
  return (await connection.getAccountInfo(prices.publicKey, "confirmed"))!.data;
}

beforeAll(async () => {
  net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 50, programs: [scopeProgram()] });
  connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  await net.ledger.requestAirdrop(admin.publicKey.toBase58(), 10_000_000_000n);
  await net.ledger.requestAirdrop(stranger.publicKey.toBase58(), 10_000_000_000n);
});
afterAll(() => net.close());

describe("local Scope on the ledger", () => {
  it("creates the configuration at ['conf', feed_name] and initialises the pre-created OraclePrices, every entry zero", async () => {
    await land(
      connection,
      createScopeOraclePricesInstructions({ admin: admin.publicKey, feedName: FEED, oraclePrices: prices.publicKey }),
      [admin, prices],
    );
    const [configuration] = scopeConfigurationAddress(FEED);
    const config = (await connection.getAccountInfo(configuration, "confirmed"))!;
    expect(config.owner.toBase58()).toBe(SCOPE_PROGRAM_ID);
    expect(config.data.length).toBe(SCOPE_CONFIGURATION_ACCOUNT_SIZE);
    expect(decodeScopeConfiguration(config.data)).toEqual({
      admin: admin.publicKey.toBase58(),
      oracleMappings: ZERO_KEY,
      oraclePrices: prices.publicKey.toBase58(),
      tokensMetadata: ZERO_KEY,
      oracleTwaps: ZERO_KEY,
      adminCached: ZERO_KEY,
      emergencyCouncil: ZERO_KEY,
      resumeAuthority: ZERO_KEY,
    });
    const info = (await connection.getAccountInfo(prices.publicKey, "confirmed"))!;
    expect(info.owner.toBase58()).toBe(SCOPE_PROGRAM_ID);
    expect(info.data.length).toBe(ORACLE_PRICES_ACCOUNT_SIZE);
    expect(BigInt(info.lamports)).toBe(minimumBalanceForRentExemption(ORACLE_PRICES_ACCOUNT_SIZE));
    const decoded = decodeOraclePrices(info.data);
    expect(decoded.oracleMappings).toBe(ZERO_KEY);
    expect(decoded.prices).toHaveLength(SCOPE_MAX_ENTRIES);
    expect(decoded.prices.every((p) => p.price.value === 0n && p.unixTimestamp === 0n)).toBe(true);

    // The feed name is taken: creating its configuration again fails in the System program.
    const fresh = Keypair.generate();
    const again = await simulateSigned(
      connection,
      createScopeOraclePricesInstructions({ admin: admin.publicKey, feedName: FEED, oraclePrices: fresh.publicKey }),
      [admin, fresh],
    );
    expect(again.err).toEqual({ InstructionError: [1, { Custom: 0 }] });
  });

  it("sets entries to the given price and time, stamped with the landing slot; other entries stay zero", async () => {
    const landed = await land(
      connection,
      set([
        { index: 0, value: 18_253_000_000n, exp: 8n, unixTimestamp: 1_700_000_000n },
        { index: 511, value: 1_071_234_567_890n, exp: 12n, unixTimestamp: 1_700_000_005n },
      ]),
      [admin],
    );
    const raw = await data();
    expect(readDatedPrice(raw, 0)).toEqual({
      price: { value: 18_253_000_000n, exp: 8n },
      lastUpdatedSlot: BigInt(landed.slot),
      unixTimestamp: 1_700_000_000n,
      genericData: new Uint8Array(24),
    });
    expect(readDatedPrice(raw, 511).price).toEqual({ value: 1_071_234_567_890n, exp: 12n });
    expect(readDatedPrice(raw, 1)).toEqual(emptyDatedPrice());
  });

  it("refuses another admin, an index past 511 and an older timestamp, leaving every entry as it was", async () => {
    const before = await data();
    const wrongAdmin = await simulateSigned(connection, set([{ index: 0, value: 1n, exp: 0n, unixTimestamp: 1_800_000_000n }], stranger), [
      stranger,
    ]);
    expect(wrongAdmin.err).toEqual({ InstructionError: [0, { Custom: 2001 }] });
    expect(wrongAdmin.logs).toContain(
      "Program log: AnchorError caused by account: configuration. Error Code: ConstraintHasOne. Error Number: 2001. Error Message: A has one constraint was violated.",
    );

    const outOfRange = await simulateSigned(
      connection,
      set([
        { index: 3, value: 1n, exp: 0n, unixTimestamp: 1_800_000_000n },
        { index: 512, value: 1n, exp: 0n, unixTimestamp: 1_800_000_000n },
      ]),
      [admin],
    );
    expect(outOfRange.err).toEqual({ InstructionError: [0, { Custom: 6007 }] });
    expect(outOfRange.logs).toContain(
      "Program log: AnchorError occurred. Error Code: BadTokenNb. Error Number: 6007. Error Message: The token index received is out of range.",
    );

    const older = await simulateSigned(connection, set([{ index: 0, value: 1n, exp: 0n, unixTimestamp: 1_699_999_999n }]), [admin]);
    expect(older.err).toEqual({ InstructionError: [0, { Custom: 6017 }] });
    expect(older.logs).toContain("Program log: Entry 0: timestamp 1699999999 is older than the stored 1700000000");

    const backwards = await simulateSigned(
      connection,
      set([
        { index: 4, value: 1n, exp: 0n, unixTimestamp: 1_800_000_010n },
        { index: 4, value: 2n, exp: 0n, unixTimestamp: 1_800_000_000n },
      ]),
      [admin],
    );
    expect(backwards.err).toEqual({ InstructionError: [0, { Custom: 6017 }] });

    // Another feed name: its configuration does not exist.
    const mismatched = await simulateSigned(
      connection,
      setScopePricesInstruction({ admin: admin.publicKey, feedName: "other", oraclePrices: prices.publicKey, updates: [] }),
      [admin],
    );
    expect(mismatched.err).toEqual({ InstructionError: [0, { Custom: 3012 }] });
    expect((await data()).equals(before)).toBe(true);
  });

  it("refuses to initialise prices twice or an account it does not own", async () => {
    const taken = await simulateSigned(
      connection,
      createScopeOraclePricesInstructions({ admin: admin.publicKey, feedName: "second", oraclePrices: prices.publicKey }).slice(1),
      [admin],
    );
    expect(taken.err).toEqual({ InstructionError: [0, { Custom: 3000 }] });
    expect(taken.logs).toContain(
      "Program log: AnchorError caused by account: oracle_prices. Error Code: AccountDiscriminatorAlreadySet. Error Number: 3000. Error Message: The account discriminator was already set on this account.",
    );
    const foreign = await simulateSigned(
      connection,
      createScopeOraclePricesInstructions({ admin: admin.publicKey, feedName: "second", oraclePrices: stranger.publicKey }).slice(1),
      [admin],
    );
    expect(foreign.err).toEqual({ InstructionError: [0, { Custom: 3007 }] });
  });
});
