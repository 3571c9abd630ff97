// init_global_config(): creates the program's GlobalConfig at ["global_config"] with the program's upgrade authority
// (read from its ProgramData account) as global admin, pending admin and fee collector. A program without an upgrade
// authority cannot have one (NoUpgradeAuthority).
import { checkAddress, checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { RENT_SYSVAR_ID } from "@ballast/ledger";
import { globalConfigSeeds } from "../client/seeds.js";
import { fail } from "../errors.js";
import { programDataAccount, systemProgram, sysvar } from "../program/account-kinds.js";
import { GLOBAL_CONFIG_SIZE, GlobalConfigLayout } from "../state/global-config.js";
import { programDataAddress } from "../state/program-data.js";
import type { MarketInstruction } from "./types.js";

const InitGlobalConfigAccounts = declareAccounts(
  {
    payer: signer({ mut: "load" }),
    globalConfig: unchecked({ mut: "load" }),
    programData: programDataAccount(),
    systemProgram: systemProgram(),
    rent: sysvar(RENT_SYSVAR_ID),
  },
  (a, ctx) => ({
    globalConfig: () => {
      checkSeeds(ctx, a.globalConfig, globalConfigSeeds());
    },
    programData: () => checkAddress(a.programData, programDataAddress(ctx.programId).toBase58()),
  }),
);

export const initGlobalConfig: MarketInstruction = {
  name: "init_global_config",
  units: 6_000,
  accounts: InitGlobalConfigAccounts,
  run(ctx, checks) {
    const { payer, globalConfig, programData } = InitGlobalConfigAccounts.load(ctx).accounts;
    const seeds = globalConfigSeeds();
    const bump = checkSeeds(ctx, globalConfig, seeds);
    const data = checks.initAccount(payer, globalConfig, GLOBAL_CONFIG_SIZE, GlobalConfigLayout.discriminator, [
      ...seeds,
      Uint8Array.of(bump),
    ]);
    const admin = programData.programData.upgradeAuthority;
    if (admin === null) fail("NoUpgradeAuthority");
    GlobalConfigLayout.struct.write(data, 8, { globalAdmin: admin, pendingAdmin: admin, feeCollector: admin });
  },
};
