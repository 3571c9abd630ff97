// The migrations, in the order they run. Both dialects run the same ones; names are never renamed once shipped.
import type { Migration } from "kysely";
import { authMigration } from "./001_auth.js";
import { labelsMigration } from "./002_labels.js";
import { activityMigration } from "./003_activity.js";
import { bankHistoryMigration } from "./004_bank_history.js";
import { pointsMigration } from "./005_points.js";
import { faucetMigration } from "./006_faucet.js";
import { lstRatesMigration } from "./007_lst_rates.js";
import { labelNoncesMigration } from "./008_label_nonces.js";
import { badDebtMigration } from "./009_bad_debt.js";
import { balanceHistoryMigration } from "./010_balance_history.js";

export const MIGRATIONS: Record<string, Migration> = {
  "001_auth": authMigration,
  "002_labels": labelsMigration,
  "003_activity": activityMigration,
  "004_bank_history": bankHistoryMigration,
  "005_points": pointsMigration,
  "006_faucet": faucetMigration,
  "007_lst_rates": lstRatesMigration,
  "008_label_nonces": labelNoncesMigration,
  "009_bad_debt": badDebtMigration,
  "010_balance_history": balanceHistoryMigration,
};
