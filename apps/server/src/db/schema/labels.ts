// A name the authority of a margin account gave it.
export interface AccountLabelsTable {
  account: string;
  authority: string;
  label: string;
  updated_at: number;
}

/** A server-issued nonce good for one signed label of one account, until it expires (unix seconds). */
export interface LabelNoncesTable {
  nonce: string;
  account: string;
  issued_at: number;
  expires_at: number;
  used_at: number | null;
}
