import { ArgsReader } from "@ballast/codec";
import { anchorFail } from "./errors.js";

/** The codec's Borsh reader as an Anchor program reads arguments: malformed data is InstructionDidNotDeserialize. */
export class AnchorArgsReader extends ArgsReader {
  protected override malformed(): never {
    anchorFail("InstructionDidNotDeserialize");
  }
}
