import { Connection, Keypair, LAMPORTS_PER_SOL, type PublicKey } from "@solana/web3.js";
import { startLocalnet, type Localnet } from "@ballast/ledger";

export interface TestLedger {
  net: Localnet;
  connection: Connection;
  rpcUrl: string;
  /** The ledger's block-engine bundle API. */
  blockEngineUrl: string;
  fund(sol?: number): Promise<Keypair>;
  balance(key: PublicKey): Promise<number>;
  close(): Promise<void>;
}

/** A real ledger in-process on a free port, with a web3.js Connection to it. */
export async function startTestLedger(): Promise<TestLedger> {
  const net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 50 });
  const connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  return {
    net,
    connection,
    rpcUrl: net.rpc.url,
    blockEngineUrl: `${net.rpc.url}/api/v1/bundles`,
    async fund(sol = 10) {
      const keypair = Keypair.generate();
      await net.ledger.requestAirdrop(keypair.publicKey.toBase58(), BigInt(sol * LAMPORTS_PER_SOL));
      return keypair;
    },
    balance: (key) => connection.getBalance(key),
    close: () => net.close(),
  };
}
