// Margin-account listings on a real ledger: a group's accounts, and a wallet's accounts in one group or in every
// group of the program (memcmp on the authority), each found exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair, SystemProgram, type PublicKey } from "@solana/web3.js";
import { PROGRAM, TestMarket, ix, type TestUser } from "../../../protocol/test/support/market.js";
import { fetchAuthorityMarginAccounts, fetchGroupMarginAccounts, fetchMarginAccounts } from "../../src/state/margin-accounts.js";

let market: TestMarket;
let secondGroup: PublicKey;
let alice: TestUser;
let bob: TestUser;
let aliceElsewhere: PublicKey;

/** A margin account for `wallet` in `group`. */
async function openAccount(group: PublicKey, wallet: Keypair): Promise<PublicKey> {
  const account = Keypair.generate();
  await market.send(
    ix("marginfi_account_initialize", [
      [group, false, false],
      [account.publicKey, true, true],
      [wallet.publicKey, true, false],
      [wallet.publicKey, true, true],
      [SystemProgram.programId, false, false],
    ]),
    [wallet, account],
  );
  return account.publicKey;
}

beforeAll(async () => {
  market = await TestMarket.start();
  secondGroup = await market.createGroup();
  alice = await market.newUser();
  bob = await market.newUser();
  aliceElsewhere = await openAccount(secondGroup, alice.wallet);
}, 120_000);

afterAll(async () => {
  await market?.close();
});

const addresses = (accounts: { address: string }[]) => accounts.map((a) => a.address).sort();
const sorted = (...keys: PublicKey[]) => keys.map((k) => k.toBase58()).sort();

describe("margin-account listings", () => {
  it("a group's accounts, whoever owns them", async () => {
    const found = await fetchGroupMarginAccounts(market.connection, PROGRAM.toBase58(), market.group.toBase58());
    expect(addresses(found)).toEqual(sorted(alice.account, bob.account));
    expect(addresses(await fetchGroupMarginAccounts(market.connection, PROGRAM.toBase58(), secondGroup.toBase58()))).toEqual(
      sorted(aliceElsewhere),
    );
  });

  it("a wallet's accounts in every group, and in one group", async () => {
    const wallet = alice.wallet.publicKey.toBase58();
    const everywhere = await fetchAuthorityMarginAccounts(market.connection, PROGRAM.toBase58(), wallet);
    expect(addresses(everywhere)).toEqual(sorted(alice.account, aliceElsewhere));
    expect(everywhere.every((a) => a.account.authority === wallet)).toBe(true);
    const inGroup = await fetchMarginAccounts(market.connection, PROGRAM.toBase58(), market.group.toBase58(), wallet);
    expect(addresses(inGroup)).toEqual(sorted(alice.account));
    expect(await fetchAuthorityMarginAccounts(market.connection, PROGRAM.toBase58(), Keypair.generate().publicKey.toBase58())).toEqual([]);
  });
});
