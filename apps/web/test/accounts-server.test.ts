// The account bar's actions against the real API server and ledger: a new account created with the SDK builder (the
// new keypair co-signs), labelled through /api/account-label/add with a message the wallet signed over a fresh server
// nonce (a replayed old signature and the server's other refusals shown in its own words), moved to another wallet with transfer_to_new_account, and closed when empty; the
// server's account list then names neither the transferred account nor the closed one.
import { ed25519 } from "@noble/curves/ed25519.js";
import { Keypair, PublicKey } from "@solana/web3.js";
import { closeAccountAction, keypairWallet, type ActionContext } from "@ballast/sdk";
import { decodeMarginfiAccount, decodeMarginfiGroup } from "@ballast/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROGRAM, TestMarket, type TestUser } from "../../../packages/protocol/test/support/market.js";
import type { RunningServer } from "../../server/src/server.js";
import { startTestServer } from "../../server/test/support/server.js";
import { Http, fetchAccountAddresses, fetchAccountLabels, fetchLabelNonce, submitAccountLabel } from "../src/api/index.js";
import { createAccount, transferAccount } from "../src/features/accounts/account-actions.js";
import { LABEL_LENGTH_MESSAGE, labelAccount, labelMessage, signedLabelData } from "../src/features/accounts/account-label.js";

/** signMessage as a wallet does it: Ed25519 over the bytes with the keypair's seed. */
const signerOf = (keypair: Keypair) => async (message: Uint8Array) => ed25519.sign(message, keypair.secretKey.subarray(0, 32));

let market: TestMarket;
let server: RunningServer;
let http: Http;
let owner: TestUser;
let stranger: TestUser;

function contextOf(wallet: Keypair): ActionContext {
  return { connection: market.connection, wallet: keypairWallet(wallet), programId: PROGRAM };
}

/** A fresh slot per action, so two identical actions are two transactions. */
function inNewSlot<T>(action: () => Promise<T>): Promise<T> {
  market.ledger.warpToTime(market.now());
  return action();
}

async function accountOnChain(address: string) {
  const info = await market.connection.getAccountInfo(new PublicKey(address));
  return info === null ? null : decodeMarginfiAccount(info.data);
}

beforeAll(async () => {
  market = await TestMarket.start();
  owner = await market.newUser();
  stranger = await market.newUser();
  server = await startTestServer(market);
  http = new Http(server.url);
});

afterAll(async () => {
  await server?.close();
  await market?.close();
});

describe("account actions on the ledger and the server", () => {
  let created: string;
  let moved: string;

  it("creates an empty account owned by the wallet", async () => {
    const { account } = await inNewSlot(() => createAccount(contextOf(owner.wallet), market.group.toBase58()));
    created = account;
    const decoded = await accountOnChain(account);
    expect(decoded?.authority).toBe(owner.wallet.publicKey.toBase58());
    expect(decoded?.group).toBe(market.group.toBase58());
    expect(decoded?.lendingAccount.balances.every((b) => b.active === 0)).toBe(true);
  });

  it("labels it with a signed message, refuses 25 characters before signing, and shows the server's refusal", async () => {
    const wallet = owner.wallet.publicKey.toBase58();
    await labelAccount(http, created, "Savings for the winter 24", wallet, signerOf(owner.wallet)).then(
      () => expect.fail("a 25-character label was sent"),
      (error: Error) => expect(error.message).toBe("Enter a label of 1 to 24 characters"),
    );
    expect(LABEL_LENGTH_MESSAGE).toBe("Enter a label of 1 to 24 characters");
    // A label signed earlier, kept by someone who saw it, is refused once the account was renamed.
    const { nonce } = await fetchLabelNonce(http, created);
    const oldMessage = labelMessage(created, "Old name", nonce);
    const old = signedLabelData(oldMessage, await signerOf(owner.wallet)(new TextEncoder().encode(oldMessage)), wallet);
    await submitAccountLabel(http, old);
    expect(await fetchAccountLabels(http, wallet)).toEqual({ [created]: "Old name" });
    await labelAccount(http, created, "  Savings for the winter ", wallet, signerOf(owner.wallet));
    await submitAccountLabel(http, old).then(
      () => expect.fail("a replayed label was stored"),
      (error: Error) => expect(error.message).toBe("This label signature was already used; sign the label again"),
    );
    expect(await fetchAccountLabels(http, wallet)).toEqual({ [created]: "Savings for the winter" });

    // Another wallet signs a label for the owner's account: the server refuses, in its words.
    await labelAccount(http, created, "Mine now", stranger.wallet.publicKey.toBase58(), signerOf(stranger.wallet)).then(
      () => expect.fail("a stranger labelled the account"),
      (error: Error) => expect(error.message).toBe("Only the account's authority can label it"),
    );
    // A signature by another key than the named signer.
    await labelAccount(http, created, "Forged", wallet, signerOf(stranger.wallet)).then(
      () => expect.fail("a forged label was stored"),
      (error: Error) => expect(error.message).toBe("Invalid signature"),
    );
    expect(await fetchAccountLabels(http, wallet)).toEqual({ [created]: "Savings for the winter" });
  });

  it("transfers an account to a new authority", async () => {
    const info = await market.connection.getAccountInfo(market.group);
    const globalFeeWallet = decodeMarginfiGroup(info!.data).feeStateCache.globalFeeWallet;
    const transferred = await inNewSlot(() =>
      transferAccount(contextOf(owner.wallet), {
        group: market.group.toBase58(),
        account: owner.account.toBase58(),
        newAuthority: stranger.wallet.publicKey.toBase58(),
        globalFeeWallet,
      }),
    );
    moved = transferred.account;
    const next = await accountOnChain(moved);
    expect(next?.authority).toBe(stranger.wallet.publicKey.toBase58());
    expect(next?.migratedFrom).toBe(owner.account.toBase58());
    expect((await accountOnChain(owner.account.toBase58()))?.migratedTo).toBe(moved);
  });

  it("closes the empty account", async () => {
    await inNewSlot(() => closeAccountAction({ ...contextOf(owner.wallet), marginfiAccount: new PublicKey(created) }));
    expect(await accountOnChain(created)).toBeNull();
  });

  it("lists each wallet's accounts in use: not the transferred one, which still names the old authority, nor the closed one", async () => {
    expect(await fetchAccountAddresses(http, owner.wallet.publicKey.toBase58())).toEqual([]);
    const strangers = await fetchAccountAddresses(http, stranger.wallet.publicKey.toBase58());
    expect([...strangers].sort()).toEqual([stranger.account.toBase58(), moved].sort());
  });
});
