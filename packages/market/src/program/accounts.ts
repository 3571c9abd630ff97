// The market's account checks in Anchor's terms: program and sysvar accounts, optional accounts ("none" is the
// program's own id), `zero` accounts created by the caller, the program's accounts with their discriminators and
// has_one links, the market authority PDA, and SPL mints and token accounts with their mint and owner constraints.
import { PublicKey } from "@solana/web3.js";
import { AccountChecks, anchorFail } from "@ballast/anchor";
import {
  INSTRUCTIONS_SYSVAR_ID,
  TOKEN_PROGRAM_ID,
  decodeMint,
  decodeTokenAccount,
  minimumBalanceForRentExemption,
  type InstructionAccount,
  type Mint,
  type TokenAccount,
} from "@ballast/ledger";
import { fail } from "../errors.js";
import {
  LENDING_MARKET_DISCRIMINATOR,
  LENDING_MARKET_SIZE,
  type LendingMarket,
  decodeLendingMarket,
  encodeLendingMarketInto,
} from "../state/lending-market.js";
import { OBLIGATION_DISCRIMINATOR, OBLIGATION_SIZE, type Obligation, decodeObligation, encodeObligationInto } from "../state/obligation.js";
import { RESERVE_DISCRIMINATOR, RESERVE_SIZE, type Reserve, decodeReserve, encodeReserveInto } from "../state/reserve.js";
import {
  USER_METADATA_DISCRIMINATOR,
  USER_METADATA_SIZE,
  type UserMetadata,
  decodeUserMetadata,
  encodeUserMetadataInto,
} from "../state/user-metadata.js";
import { marketAuthoritySeeds } from "../client/seeds.js";

/** A program account decoded, with a way to write its state back in place. */
export interface Loaded<T> {
  readonly account: InstructionAccount;
  readonly key: string;
  readonly state: T;
  save(): void;
}

type Seeds = Uint8Array[];

export class MarketAccounts extends AccountChecks {
  /** Anchor's `Program<...>`: the account must be that program. */
  program(index: number, name: string, id: string): InstructionAccount {
    const account = this.at(index);
    if (account.key !== id) anchorFail("InvalidProgramId", name);
    return account;
  }

  /** Anchor's `Sysvar<...>`. */
  sysvar(index: number, name: string, id: string): InstructionAccount {
    const account = this.at(index);
    if (account.key !== id) fail("AccountSysvarMismatch", name);
    return account;
  }

  /** An optional account: the program's own id stands for "none". */
  optional(index: number): InstructionAccount | null {
    const account = this.at(index);
    return account.key === this.ctx.programId ? null : account;
  }

  /** Accounts after the named ones. */
  remaining(from: number): readonly InstructionAccount[] {
    return this.ctx.accounts.slice(from);
  }

  /**
   * Anchor's `zero`: an account the caller created for this program, still all zero, writable and rent exempt, of
   * at least `size` bytes.
   */
  zero(index: number, name: string, size: number): InstructionAccount {
    const account = this.at(index);
    const { owner, data, lamports } = account.account;
    if (owner !== this.ctx.programId) anchorFail("AccountOwnedByWrongProgram", name);
    if (data.length < size) anchorFail("AccountDidNotDeserialize", name);
    if (data.subarray(0, 8).some((b) => b !== 0)) fail("AccountDiscriminatorAlreadySet", name);
    this.writable(account, name);
    if (lamports < minimumBalanceForRentExemption(data.length)) fail("ConstraintRentExempt", name);
    return account;
  }

  private load<T>(
    index: number,
    name: string,
    discriminator: Uint8Array,
    size: number,
    decode: (data: Buffer) => T,
    encode: (data: Buffer, state: T) => void,
    writable: boolean,
  ): Loaded<T> {
    const account = this.ownedAccount(index, name, Buffer.from(discriminator), { writable });
    if (account.account.data.length < size) anchorFail("AccountDidNotDeserialize", name);
    const state = decode(account.account.data);
    return {
      account,
      key: account.key,
      state,
      save() {
        encode(account.account.data, state);
      },
    };
  }

  lendingMarket(index: number, writable = false): Loaded<LendingMarket> {
    return this.load(
      index,
      "lending_market",
      LENDING_MARKET_DISCRIMINATOR,
      LENDING_MARKET_SIZE,
      decodeLendingMarket,
      encodeLendingMarketInto,
      writable,
    );
  }

  /** A reserve of `market` (Anchor's `has_one = lending_market`). */
  reserve(index: number, name: string, market: Loaded<LendingMarket>, writable: boolean): Loaded<Reserve> {
    const reserve = this.load(index, name, RESERVE_DISCRIMINATOR, RESERVE_SIZE, decodeReserve, encodeReserveInto, writable);
    this.hasOne(reserve.state.lendingMarket, market.key, name);
    return reserve;
  }

  obligation(index: number, market: Loaded<LendingMarket>, writable: boolean): Loaded<Obligation> {
    const obligation = this.load(
      index,
      "obligation",
      OBLIGATION_DISCRIMINATOR,
      OBLIGATION_SIZE,
      decodeObligation,
      encodeObligationInto,
      writable,
    );
    this.hasOne(obligation.state.lendingMarket, market.key, "obligation");
    return obligation;
  }

  /**
   * Accounts 0–4 of the instructions moving collateral in or out of an obligation: the owner (writable signer), the
   * obligation it owns (`has_one` owner and market), the market, its authority and the reserve named `reserveName`.
   */
  collateralAccounts(reserveName: string) {
    const owner = this.writable(this.signer(0, "owner"), "owner");
    const market = this.lendingMarket(2);
    const obligation = this.obligation(1, market, true);
    this.hasOne(obligation.state.owner, owner.key, "obligation");
    const authority = this.marketAuthority(3, market);
    const reserve = this.reserve(4, reserveName, market, true);
    return { owner, market, obligation, authority, reserve };
  }

  userMetadata(index: number, name: string): Loaded<UserMetadata> {
    return this.load(index, name, USER_METADATA_DISCRIMINATOR, USER_METADATA_SIZE, decodeUserMetadata, encodeUserMetadataInto, false);
  }

  hasOne(actual: string, expected: string, name: string): void {
    if (actual !== expected) anchorFail("ConstraintHasOne", name);
  }

  /** Anchor's `seeds` with a stored `bump`: the account must be the address those seeds give; returns them, bump included. */
  storedBumpPda(account: InstructionAccount, name: string, seeds: readonly Uint8Array[], bump: number): Seeds {
    const withBump = [...seeds, Uint8Array.of(bump)];
    let address: string | null;
    try {
      address = PublicKey.createProgramAddressSync(withBump, new PublicKey(this.ctx.programId)).toBase58();
    } catch {
      address = null;
    }
    if (address !== account.key) anchorFail("ConstraintSeeds", name);
    return withBump;
  }

  /** The market authority PDA ["lma", market, bump]; returns its signer seeds. */
  marketAuthority(index: number, market: Loaded<LendingMarket>): { account: InstructionAccount; seeds: Seeds } {
    const account = this.at(index);
    const seeds = this.storedBumpPda(account, "lending_market_authority", marketAuthoritySeeds(market.key), Number(market.state.bumpSeed));
    return { account, seeds };
  }

  /** A writable account at an address the reserve or market names (Anchor's `mut, address = ...`). */
  writableAddress(index: number, name: string, expected: string): InstructionAccount {
    return this.address(this.writable(this.at(index), name), name, expected);
  }

  /** The reserve's liquidity mint and its decimals (what `transfer_checked` needs). */
  liquidityMint(index: number, name: string, reserve: Reserve): { account: InstructionAccount; decimals: number } {
    const account = this.address(this.at(index), name, reserve.liquidity.mintPubkey);
    return { account, decimals: this.mint(account, name).decimals };
  }

  /** An SPL Token mint. */
  mint(account: InstructionAccount, name: string): Mint {
    if (account.account.owner !== TOKEN_PROGRAM_ID) anchorFail("AccountOwnedByWrongProgram", name);
    let mint: Mint;
    try {
      mint = decodeMint(account.account.data);
    } catch {
      return anchorFail("AccountDidNotDeserialize", name);
    }
    if (!mint.isInitialized) anchorFail("AccountDidNotDeserialize", name);
    return mint;
  }

  /** A writable SPL Token account of the user's, with its mint and authority constraints. */
  userTokenAccount(index: number, name: string, constraints: { mint?: string; authority?: string }): InstructionAccount {
    const account = this.writable(this.at(index), name);
    this.tokenAccount(account, name, constraints);
    return account;
  }

  /**
   * The accounts a position instruction ends with: the collateral and liquidity token programs (both SPL Token here)
   * then the instructions sysvar, whose key alone is checked (this market reads no other instruction).
   */
  tokenProgramsAndSysvar(index: number): void {
    this.program(index, "collateral_token_program", TOKEN_PROGRAM_ID);
    this.program(index + 1, "liquidity_token_program", TOKEN_PROGRAM_ID);
    this.address(this.at(index + 2), "instruction_sysvar_account", INSTRUCTIONS_SYSVAR_ID);
  }

  /** An SPL Token account, with Anchor's `token::mint` and `token::authority` constraints when given. */
  tokenAccount(account: InstructionAccount, name: string, constraints: { mint?: string; authority?: string } = {}): TokenAccount {
    if (account.account.owner !== TOKEN_PROGRAM_ID) anchorFail("AccountOwnedByWrongProgram", name);
    let token: TokenAccount;
    try {
      token = decodeTokenAccount(account.account.data);
    } catch {
      return anchorFail("AccountDidNotDeserialize", name);
    }
    if (token.state === 0) anchorFail("AccountDidNotDeserialize", name);
    if (constraints.mint !== undefined && token.mint !== constraints.mint) fail("ConstraintTokenMint", name);
    if (constraints.authority !== undefined && token.owner !== constraints.authority) fail("ConstraintTokenOwner", name);
    return token;
  }
}
