// Account labels (spec §5, §7): GET /api/account-label/get, POST /api/account-label/nonce and
// POST /api/account-label/add. Each label is signed with a one-time server nonce, so a signature labels once.

/** GET /api/account-label/get's query. */
export type AccountLabelsQuery = {
  readonly wallet_address: string;
};

/** GET /api/account-label/get's reply: the labels of the wallet's accounts, keyed by account address. */
export interface AccountLabelsReply {
  readonly data: Record<string, string>;
}

/** POST /api/account-label/nonce's body: the account to be labelled. */
export interface LabelNonceRequest {
  readonly account: string;
}

/** POST /api/account-label/nonce's reply: a nonce good for one label of the account until `expiresAt` (unix s). */
export interface LabelNonceReply {
  readonly nonce: string;
  readonly expiresAt: number;
}

/** What the authority signs to label an account: the nonce is one the server issued for this account. */
export interface SignedLabelPayload {
  readonly account: string;
  readonly label: string;
  readonly nonce: string;
}

/** POST /api/account-label/add's body. */
export interface AddAccountLabelRequest {
  /**
   * "tx": a base64 signed, unsent transaction with one memo instruction holding the JSON SignedLabelPayload;
   * "message": the JSON text {data, signature, signer}, `data` being the signed JSON text of a SignedLabelPayload.
   */
  readonly signedData: string;
  readonly signingMethod: "tx" | "message";
}

/** POST /api/account-label/add's reply. */
export interface AddAccountLabelReply {
  readonly success: true;
  readonly account: string;
  /** The label as stored: trimmed, 1 to 24 characters. */
  readonly label: string;
}
