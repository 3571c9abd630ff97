// An account index of the test market's group with the options every test uses; a decoding failure fails the test.
import type { Connection } from "@solana/web3.js";
import { PROGRAM, type TestMarket } from "../../../../packages/protocol/test/support/market.js";
import { AccountIndex } from "../../src/account-index.js";
import type { ChainSubscriptions } from "../../src/subscriptions.js";

export function openAccountIndex(
  market: TestMarket,
  connection: Connection,
  subscriptions: ChainSubscriptions,
  onChange: (address: string) => void = () => undefined,
): Promise<AccountIndex> {
  return AccountIndex.open({
    connection,
    subscriptions,
    programId: PROGRAM.toBase58(),
    group: market.group.toBase58(),
    commitment: "confirmed",
    onChange,
    onError: (error) => {
      throw error;
    },
  });
}
