// pre/postTokenBalances: read once per account object, and read again whenever the mint they depend on is another
// object (a different mint state) or gone.
import { Keypair } from "@solana/web3.js";
import { expect, it } from "vitest";
import type { Account } from "../../src/account.js";
import { AccountState, TOKEN_PROGRAM_ID, encodeMint, encodeTokenAccount } from "../../src/programs/token/layout.js";
import { tokenBalances } from "../../src/runtime/token-balances.js";

const key = () => Keypair.generate().publicKey.toBase58();

function mintAccount(decimals: number): Account {
  const data = encodeMint({ mintAuthority: null, supply: 10_000n, decimals, isInitialized: true, freezeAuthority: null });
  return { lamports: 1_461_600n, data, owner: TOKEN_PROGRAM_ID, executable: false, rentEpoch: 0n };
}

it("reads a token account's balance with the mint it finds at that point, again once the mint changes", () => {
  const mint = key();
  const owner = key();
  const tokenAccount: Account = {
    lamports: 2_039_280n,
    data: encodeTokenAccount({
      mint,
      owner,
      amount: 1_234_500n,
      delegate: null,
      state: AccountState.Initialized,
      isNative: null,
      delegatedAmount: 0n,
      closeAuthority: null,
    }),
    owner: TOKEN_PROGRAM_ID,
    executable: false,
    rentEpoch: 0n,
  };
  const keys = [key(), key()];
  const payer: Account = {
    lamports: 5_000_000n,
    data: Buffer.alloc(0),
    owner: "11111111111111111111111111111111",
    executable: false,
    rentEpoch: 0n,
  };
  const accounts = [payer, tokenAccount];
  let committedMint: Account | undefined = mintAccount(3);
  const read = () => tokenBalances(keys, accounts, (address) => (address === mint ? committedMint : undefined));
  const expected = (decimals: number, uiAmount: number, uiAmountString: string) => [
    {
      accountIndex: 1,
      mint,
      owner,
      programId: TOKEN_PROGRAM_ID,
      uiTokenAmount: { amount: "1234500", decimals, uiAmount, uiAmountString },
    },
  ];
  expect(read()).toEqual(expected(3, 1234.5, "1234.5"));
  expect(read()).toEqual(expected(3, 1234.5, "1234.5"));
  committedMint = mintAccount(6);
  expect(read()).toEqual(expected(6, 1.2345, "1.2345"));
  committedMint = undefined;
  expect(read()).toEqual([]);
  // The mint among the transaction's own accounts wins over the committed one.
  keys[0] = mint;
  accounts[0] = mintAccount(2);
  committedMint = mintAccount(6);
  expect(read()).toEqual(expected(2, 12345, "12345"));
});
