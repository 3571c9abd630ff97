// A name the authority of a margin account gave it.
export interface AccountLabelsTable {
  account: string;
  authority: string;
  label: string;
  updated_at: number;
}
