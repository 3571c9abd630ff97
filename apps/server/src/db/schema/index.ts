import type { ActivityTable, BalanceHistoryTable, IndexedBalancesTable, IndexerCursorTable } from "./activity.js";
import type { AuthNoncesTable, SessionsTable, UsersTable } from "./auth.js";
import type { FaucetGrantsTable } from "./faucet.js";
import type { BankHistoryTable, BankStatesTable, LstRatesTable } from "./history.js";
import type { AccountLabelsTable, LabelNoncesTable } from "./labels.js";
import type { PointsStateTable, PointsTable } from "./points.js";

/** Every table, as Kysely sees it. */
export interface Database {
  users: UsersTable;
  auth_nonces: AuthNoncesTable;
  sessions: SessionsTable;
  account_labels: AccountLabelsTable;
  label_nonces: LabelNoncesTable;
  activity: ActivityTable;
  indexed_balances: IndexedBalancesTable;
  indexer_cursor: IndexerCursorTable;
  balance_history: BalanceHistoryTable;
  bank_history: BankHistoryTable;
  bank_states: BankStatesTable;
  lst_rates: LstRatesTable;
  points: PointsTable;
  points_state: PointsStateTable;
  faucet_grants: FaucetGrantsTable;
}
