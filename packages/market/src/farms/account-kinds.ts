// The farms program's account kinds: its three account types decoded as they load (owner, discriminator, size),
// with `save` to write the state back, as the market's own kinds do.
import { anchorFail, checkProgramAccount, custom, type MutOption } from "@ballast/anchor";
import { DISCRIMINATOR_SIZE, type AccountData, type AccountLayout, type FieldTable, type StructValue } from "@ballast/codec";
import { encodeMarketAccountInto } from "../state/common.js";
import { FarmStateLayout, FarmsGlobalConfigLayout, UserStateLayout } from "./state.js";

export interface FarmsAccountView<N extends string, T> {
  readonly data: AccountData<N>;
  readonly state: T;
  save(): void;
}

function farmsAccount<F extends FieldTable, N extends string>(layout: AccountLayout<F, N>, options: MutOption) {
  return custom((account, name, programId): FarmsAccountView<N, StructValue<F>> => {
    checkProgramAccount(account, name, programId, layout.discriminator);
    if (account.account.data.length < layout.space) anchorFail("AccountDidNotDeserialize", name);
    const state = layout.struct.read(account.account.data, DISCRIMINATOR_SIZE);
    return {
      get data() {
        return account.account.data as AccountData<N>;
      },
      state,
      save() {
        encodeMarketAccountInto(layout, account.account.data, state);
      },
    };
  }, options);
}

export const farmStateAccount = (options: MutOption = {}) => farmsAccount(FarmStateLayout, options);
export const userStateAccount = (options: MutOption = {}) => farmsAccount(UserStateLayout, options);
export const globalConfigAccount = (options: MutOption = {}) => farmsAccount(FarmsGlobalConfigLayout, options);
