// The layout engine: fixed-size field codecs, structs declared as [offset, codec] tables, in-place accessors and
// Anchor accounts (discriminator + struct). Every program's account layouts and every client decoder use it.
export { bytes, f32, f64, i128, i32, i64, pubkey, text, u128, u16, u256, u32, u64, u8, type Codec, type ValueOf } from "./codec.js";
export {
  array,
  skip,
  struct,
  LayoutError,
  type ArrayCodec,
  type SkipCodec,
  type FieldTable,
  type StructCodec,
  type StructValue,
} from "./struct.js";
export { accessor, structAccessors, type Accessor, type FieldAccessor, type StructAccessors } from "./accessor.js";
export {
  AccountDecodeError,
  DISCRIMINATOR_SIZE,
  accountLayout,
  asAccountData,
  decodeAccount,
  encodeAccount,
  type AccountData,
  type AccountLayout,
  type LayoutRef,
} from "./account.js";
