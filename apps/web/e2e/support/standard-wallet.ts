// A Wallet Standard wallet for the browser tests, built the way an extension is: a script injected before the app
// loads registers it through the standard's window events (`wallet-standard:app-ready` from the app,
// `wallet-standard:register-wallet` from the wallet), and the page side only relays requests. The key and every
// approval stay in Node (`StandardTestWallet`), like an extension's background process: the page calls one exposed
// binding, and the test plays the user — approving, refusing a signature, switching accounts, disconnecting the site.
import { ed25519 } from "@noble/curves/ed25519.js";
import type { SolanaSignMessageFeature, SolanaSignTransactionFeature } from "@solana/wallet-standard-features";
import { Keypair, VersionedTransaction, type TransactionVersion } from "@solana/web3.js";
import type { Wallet, WalletAccount, WalletIcon, WindowAppReadyEventAPI } from "@wallet-standard/base";
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsChangeProperties,
  StandardEventsFeature,
} from "@wallet-standard/features";
import bs58 from "bs58";
import type { BrowserContext } from "playwright-core";

export const E2E_WALLET_NAME = "E2E Wallet";
/** A 32×32 SVG: a blue square with a white "E". */
export const E2E_WALLET_ICON: WalletIcon = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">' +
    '<rect width="32" height="32" rx="6" fill="#2563eb"/>' +
    '<path d="M10 8h12v3h-8.5v3.5H21v3h-7.5V21H22v3H10z" fill="#fff"/></svg>',
).toString("base64")}`;
/** The app asks for `solana:localnet` on the local product (src/wallet/standard.ts, `chainFor`). */
export const E2E_WALLET_CHAINS = ["solana:localnet"] as const;
/** What wallets answer when the user clicks Reject (the wording of the common extensions). */
export const USER_REJECTED = "User rejected the request.";

/** The exposed function the page-side wallet calls, and the window symbol its test controls hang on. */
const BINDING = "__ballastE2eWallet";
const CONTROL = "ballast:e2e-wallet";

/** An account as it crosses the page boundary (Playwright serializes plain JSON). */
export interface SharedAccount {
  readonly address: string;
  readonly publicKey: readonly number[];
}

export type WalletRequest =
  | { readonly method: "connect"; readonly silent: boolean }
  | { readonly method: "disconnect" }
  | { readonly method: "signMessage"; readonly inputs: readonly { readonly address: string; readonly message: readonly number[] }[] }
  | {
      readonly method: "signTransaction";
      readonly inputs: readonly { readonly address: string; readonly chain: string | null; readonly transaction: readonly number[] }[];
    };

export type WalletReply =
  | { readonly accounts: readonly SharedAccount[] }
  | { readonly signatures: readonly (readonly number[])[] }
  | { readonly signedTransactions: readonly (readonly number[])[] }
  | { readonly error: string };

/** What the page-side script needs; passed as JSON into the page. */
export interface PageWalletSetup {
  readonly name: string;
  readonly icon: WalletIcon;
  readonly chains: readonly `${string}:${string}`[];
  readonly binding: string;
  readonly control: string;
}

/** The page-side controls the Node side drives (the wallet's own UI, in an extension). */
export interface PageWalletControl {
  /** Replaces the accounts shared with the app and emits `change` when they differ. */
  share(accounts: readonly SharedAccount[]): void;
  /** Takes the wallet off the app's list, as disabling an extension does. */
  unregister(): void;
}

export interface MessageRequest {
  /** The message as UTF-8 text. */
  readonly text: string;
  readonly signer: string;
  /** The detached ed25519 signature, or null when the user refused. */
  readonly signature: Uint8Array | null;
}

export interface TransactionRequest {
  readonly version: TransactionVersion;
  readonly signer: string;
  /** The wallet's signature (base58): the transaction's id when the wallet is its fee payer. */
  readonly signature: string;
}

/**
 * The page half: registers the wallet by the Wallet Standard's window-event protocol and relays every request to the
 * binding. Serialized into the page, so it refers to nothing outside itself but its argument.
 */
export function registerPageWallet(setup: PageWalletSetup): void {
  type Features = StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignTransactionFeature &
    SolanaSignMessageFeature;
  const call = (request: WalletRequest): Promise<WalletReply> =>
    (window as unknown as Record<string, (request: WalletRequest) => Promise<WalletReply>>)[setup.binding]!(request);
  const failIfRefused = (reply: WalletReply): void => {
    if ("error" in reply) throw new Error(reply.error);
  };

  let accounts: WalletAccount[] = [];
  const listeners = new Set<(properties: StandardEventsChangeProperties) => void>();
  const share = (next: readonly SharedAccount[]): void => {
    if (next.length === accounts.length && next.every((a, i) => a.address === accounts[i]!.address)) return;
    accounts = next.map((a) =>
      Object.freeze({
        address: a.address,
        publicKey: Uint8Array.from(a.publicKey),
        chains: [...setup.chains],
        features: ["solana:signTransaction", "solana:signMessage"] as const,
      }),
    );
    for (const listener of [...listeners]) listener({ accounts: [...accounts] });
  };

  const features: Features = {
    "standard:connect": {
      version: "1.0.0",
      async connect(input) {
        const reply = await call({ method: "connect", silent: input?.silent === true });
        failIfRefused(reply);
        share("accounts" in reply ? reply.accounts : []);
        return { accounts: [...accounts] };
      },
    },
    "standard:disconnect": {
      version: "1.0.0",
      async disconnect() {
        await call({ method: "disconnect" });
        share([]);
      },
    },
    "standard:events": {
      version: "1.0.0",
      on(event, listener) {
        if (event !== "change") return () => {};
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
    },
    "solana:signTransaction": {
      version: "1.0.0",
      supportedTransactionVersions: ["legacy", 0],
      async signTransaction(...inputs) {
        const reply = await call({
          method: "signTransaction",
          inputs: inputs.map((i) => ({ address: i.account.address, chain: i.chain ?? null, transaction: Array.from(i.transaction) })),
        });
        failIfRefused(reply);
        const signed = "signedTransactions" in reply ? reply.signedTransactions : [];
        return signed.map((bytes) => ({ signedTransaction: Uint8Array.from(bytes) }));
      },
    },
    "solana:signMessage": {
      version: "1.1.0",
      async signMessage(...inputs) {
        const reply = await call({
          method: "signMessage",
          inputs: inputs.map((i) => ({ address: i.account.address, message: Array.from(i.message) })),
        });
        failIfRefused(reply);
        const signatures = "signatures" in reply ? reply.signatures : [];
        return inputs.map((input, i) => ({
          signedMessage: input.message,
          signature: Uint8Array.from(signatures[i]!),
          signatureType: "ed25519",
        }));
      },
    },
  };

  const wallet: Wallet = {
    version: "1.0.0",
    name: setup.name,
    icon: setup.icon,
    chains: [...setup.chains],
    features,
    get accounts() {
      return [...accounts];
    },
  };

  // Registered once whichever side comes first: the app's app-ready event if it loads after the wallet, or the app's
  // listener for this register-wallet event if it was there before.
  let unregister: (() => void) | null = null;
  const register = (api: WindowAppReadyEventAPI): void => {
    unregister ??= api.register(wallet);
  };
  window.addEventListener("wallet-standard:app-ready", (event) => register((event as CustomEvent<WindowAppReadyEventAPI>).detail));
  window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: register }));
  const control: PageWalletControl = {
    share,
    unregister() {
      unregister?.();
    },
  };
  Object.defineProperty(window, Symbol.for(setup.control), { value: Object.freeze(control), configurable: true });
}

/** The Node half: the key, the site's authorization, the user's answers, and a record of what was signed. */
export class StandardTestWallet {
  /** Every message the app asked to sign, refused ones included, in order. */
  readonly messages: MessageRequest[] = [];
  /** Every transaction the wallet signed, in order. */
  readonly transactions: TransactionRequest[] = [];
  #keypair: Keypair;
  /** Whether the user approved this site's connection (kept across reloads, as extensions keep it per origin). */
  #authorized = false;
  #refuseNextMessage = false;

  constructor(
    keypair: Keypair,
    /** Tells the page-side wallet which accounts it now shares. */
    private readonly push: (accounts: readonly SharedAccount[]) => Promise<void>,
  ) {
    this.#keypair = keypair;
  }

  get address(): string {
    return this.#keypair.publicKey.toBase58();
  }

  /** The user will click Reject on the next message-signing prompt. */
  refuseNextMessage(): void {
    this.#refuseNextMessage = true;
  }

  /** The user switches the wallet to another key; a connected site is told through a `change` event. */
  async switchAccount(keypair: Keypair): Promise<void> {
    this.#keypair = keypair;
    if (this.#authorized) await this.push([this.#shared()]);
  }

  /** The user disconnects the site in the wallet: it shares no account any more (a `change` event). */
  async disconnectSite(): Promise<void> {
    this.#authorized = false;
    await this.push([]);
  }

  /** Answers one request of the page-side wallet. */
  handle(request: WalletRequest): WalletReply {
    switch (request.method) {
      case "connect":
        // A silent connect never prompts: it shares accounts only with a site the user already approved.
        if (request.silent && !this.#authorized) return { accounts: [] };
        this.#authorized = true;
        return { accounts: [this.#shared()] };
      case "disconnect":
        this.#authorized = false;
        return { accounts: [] };
      case "signMessage":
        return this.#signMessages(request.inputs);
      case "signTransaction":
        return this.#signTransactions(request.inputs);
    }
  }

  #shared(): SharedAccount {
    return { address: this.address, publicKey: Array.from(this.#keypair.publicKey.toBytes()) };
  }

  /** Why the wallet cannot sign for `address` on `chain`, or null when it can. */
  #refusal(address: string, chain: string | null = null): string | null {
    if (!this.#authorized || address !== this.address) return `${E2E_WALLET_NAME}: account ${address} is not connected`;
    if (chain !== null && !(E2E_WALLET_CHAINS as readonly string[]).includes(chain))
      return `${E2E_WALLET_NAME}: unsupported chain ${chain}`;
    return null;
  }

  #signMessages(inputs: Extract<WalletRequest, { method: "signMessage" }>["inputs"]): WalletReply {
    for (const input of inputs) {
      const refusal = this.#refusal(input.address);
      if (refusal) return { error: refusal };
    }
    const messages = inputs.map((input) => Uint8Array.from(input.message));
    if (this.#refuseNextMessage) {
      this.#refuseNextMessage = false;
      for (const message of messages)
        this.messages.push({ text: new TextDecoder().decode(message), signer: this.address, signature: null });
      return { error: USER_REJECTED };
    }
    const signatures = messages.map((message) => {
      const signature = ed25519.sign(message, this.#keypair.secretKey.slice(0, 32));
      this.messages.push({ text: new TextDecoder().decode(message), signer: this.address, signature });
      return Array.from(signature);
    });
    return { signatures };
  }

  #signTransactions(inputs: Extract<WalletRequest, { method: "signTransaction" }>["inputs"]): WalletReply {
    const signed: VersionedTransaction[] = [];
    for (const input of inputs) {
      const refusal = this.#refusal(input.address, input.chain);
      if (refusal) return { error: refusal };
      // Legacy and v0 alike: the version prefix of the message tells them apart.
      const transaction = VersionedTransaction.deserialize(Uint8Array.from(input.transaction));
      const signers = transaction.message.staticAccountKeys.slice(0, transaction.message.header.numRequiredSignatures);
      if (!signers.some((key) => key.equals(this.#keypair.publicKey)))
        return { error: `${E2E_WALLET_NAME}: not a signer of this transaction` };
      transaction.sign([this.#keypair]);
      signed.push(transaction);
    }
    for (const transaction of signed) {
      const index = transaction.message.staticAccountKeys.findIndex((key) => key.equals(this.#keypair.publicKey));
      this.transactions.push({
        version: transaction.version,
        signer: this.address,
        signature: bs58.encode(transaction.signatures[index]!),
      });
    }
    return { signedTransactions: signed.map((transaction) => Array.from(transaction.serialize())) };
  }
}

/** The setup the page-side script gets. */
export function pageWalletSetup(): PageWalletSetup {
  return { name: E2E_WALLET_NAME, icon: E2E_WALLET_ICON, chains: [...E2E_WALLET_CHAINS], binding: BINDING, control: CONTROL };
}

/** The page-side controls of the wallet last registered in this realm's window. */
export function pageWalletControl(): PageWalletControl {
  return (window as unknown as Record<symbol, PageWalletControl>)[Symbol.for(CONTROL)]!;
}

/**
 * The same wallet in this JavaScript realm, for DOM tests (happy-dom): the binding is a plain function on the window
 * and both halves run here. Unregister it with `pageWalletControl().unregister()`.
 */
export function registerStandardWalletHere(keypair: Keypair): StandardTestWallet {
  const wallet = new StandardTestWallet(keypair, async (accounts) => pageWalletControl().share(accounts));
  (window as unknown as Record<string, (request: WalletRequest) => Promise<WalletReply>>)[BINDING] = async (request) =>
    wallet.handle(request);
  registerPageWallet(pageWalletSetup());
  return wallet;
}

/**
 * Installs the wallet in every page of the context, before any of the page's own scripts run: the binding first, then
 * the registering script. Call before the page's first navigation.
 */
export async function installStandardWallet(context: BrowserContext, keypair: Keypair = Keypair.generate()): Promise<StandardTestWallet> {
  const wallet = new StandardTestWallet(keypair, async (accounts) => {
    for (const page of context.pages()) {
      await page.evaluate(
        ({ control, accounts }) => (window as unknown as Record<symbol, PageWalletControl>)[Symbol.for(control)]!.share(accounts),
        { control: CONTROL, accounts },
      );
    }
  });
  await context.exposeBinding(BINDING, (_source, request: WalletRequest) => wallet.handle(request));
  await context.addInitScript(registerPageWallet, pageWalletSetup());
  return wallet;
}
