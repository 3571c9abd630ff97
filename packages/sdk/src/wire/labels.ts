// Account labels (spec §5, §7): GET /api/account-label/get and POST /api/account-label/add.

/** GET /api/account-label/get's query. */
export type AccountLabelsQuery = {
  readonly wallet_address: string;
};

/** GET /api/account-label/get's reply: the labels of the wallet's accounts, keyed by account address. */
export interface AccountLabelsReply {
  readonly data: Record<string, string>;
}

/** POST /api/account-label/add's body. */
export interface AddAccountLabelRequest {
  /**
   * "tx": a base64 signed, unsent transaction with one memo instruction holding the JSON {account, label};
   * "message": the JSON text {data, signature, signer}, `data` being the signed JSON text {account, label}.
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
