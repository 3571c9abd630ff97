// Writes packages/protocol/src/instruction-table.ts, the lending program's defineInstructions table, from its Anchor
// IDL (packages/protocol/idl/marginfi.json). The IDL is the program's published interface; generating the table from
// it keeps every account's order and flags and every argument's Borsh type exactly as the official client has them.
// Run: npm run generate:instructions -w @ballast/protocol. packages/protocol/test/instruction-table.test.ts fails
// when the committed table and this script's output differ.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { instructionDiscriminator } from "../packages/anchor/src/discriminators.js";
import { BankOperationalState, OracleSetup, RiskTier } from "../packages/protocol/src/state/enums.js";

const IDL_PATH = fileURLToPath(new URL("../packages/protocol/idl/marginfi.json", import.meta.url));
export const TABLE_PATH = fileURLToPath(new URL("../packages/protocol/src/instruction-table.ts", import.meta.url));

/** The protocol's tables of the IDL's unit enums (state/enums.ts), whose bytes the SDK and the handlers share. */
const ENUM_TABLES: Readonly<Record<string, Readonly<Record<string, number>>>> = { BankOperationalState, OracleSetup, RiskTier };

/** IDL types written by hand in src/instruction-arg-types.ts. */
const CUSTOM_TYPES: Readonly<Record<string, string>> = { WrappedI80F48: "wrappedI80F48" };

const PRIMITIVES: Readonly<Record<string, string>> = {
  u8: "arg.u8",
  bool: "arg.bool",
  u16: "arg.u16",
  u32: "arg.u32",
  i32: "arg.i32",
  u64: "arg.u64",
  i64: "arg.i64",
  u128: "arg.u128",
  i128: "arg.i128",
  pubkey: "arg.pubkey",
  string: "arg.string",
  bytes: "arg.byteVec",
};

type IdlType = string | { option: IdlType } | { vec: IdlType } | { array: [IdlType, number] } | { defined: { name: string } };

interface IdlField {
  name: string;
  type: IdlType;
}

interface IdlTypeDef {
  name: string;
  type: { kind: "struct"; fields: IdlField[] } | { kind: "enum"; variants: { name: string; fields?: unknown }[] };
}

interface IdlAccount {
  name: string;
  writable?: boolean;
  signer?: boolean;
  optional?: boolean;
  address?: string;
  accounts?: unknown;
}

interface IdlInstruction {
  name: string;
  docs?: string[];
  discriminator: number[];
  accounts: IdlAccount[];
  args: IdlField[];
}

export interface LendingIdl {
  instructions: IdlInstruction[];
  types: IdlTypeDef[];
}

/** snake_case to camelCase; a leading underscore (Rust's unused-field mark, as in `_pad0`) is dropped. */
function camel(name: string): string {
  return name.replace(/^_+/, "").replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function docComment(lines: readonly string[] | undefined, indent: string): string {
  if (lines === undefined || lines.length === 0) return "";
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join("\n")}\n${indent} */\n`;
}

function checkEnum(def: IdlTypeDef & { type: { kind: "enum" } }): void {
  const table = ENUM_TABLES[def.name];
  if (table === undefined)
    throw new Error(`enum ${def.name}: add its variant table to packages/protocol/src/state/enums.ts and ENUM_TABLES`);
  def.type.variants.forEach((variant, index) => {
    if (variant.fields !== undefined) throw new Error(`enum ${def.name}: variant ${variant.name} has fields`);
    if (table[variant.name] !== index) throw new Error(`enum ${def.name}: ${variant.name} is not variant ${index} in state/enums.ts`);
  });
  if (Object.keys(table).length !== def.type.variants.length) throw new Error(`enum ${def.name}: state/enums.ts has other variants`);
}

/** The table module's text (before formatting): defined types first, each after the types it uses. */
function render(idl: LendingIdl): string {
  const defs = new Map(idl.types.map((def) => [def.name, def]));
  const emitted = new Map<string, string>();
  const typeDecls: string[] = [];
  const enums = new Set<string>();
  let usesCustom = false;

  function typeExpr(type: IdlType): string {
    if (typeof type === "string") {
      const primitive = PRIMITIVES[type];
      if (primitive === undefined) throw new Error(`IDL type ${type} has no argument type`);
      return primitive;
    }
    if ("option" in type) return `arg.option(${typeExpr(type.option)})`;
    if ("vec" in type) return `arg.vec(${typeExpr(type.vec)})`;
    if ("array" in type) {
      const [element, length] = type.array;
      return element === "u8" ? `arg.bytes(${length})` : `arg.array(${typeExpr(element)}, ${length})`;
    }
    return definedType(type.defined.name);
  }

  function definedType(name: string): string {
    const custom = CUSTOM_TYPES[name];
    if (custom !== undefined) {
      usesCustom = true;
      return custom;
    }
    const known = emitted.get(name);
    if (known !== undefined) return known;
    const def = defs.get(name);
    if (def === undefined) throw new Error(`IDL type ${name} is not defined`);
    if (def.type.kind === "enum") {
      checkEnum({ ...def, type: def.type });
      enums.add(name);
      const expr = `arg.unitEnum(${name})`;
      emitted.set(name, expr);
      return expr;
    }
    const fields = def.type.fields.map((field) => `  ${camel(field.name)}: ${typeExpr(field.type)},`).join("\n");
    const constName = `${name}Arg`;
    typeDecls.push(`export const ${constName} = arg.struct({\n${fields}\n});\n`);
    emitted.set(name, constName);
    return constName;
  }

  const instructions = idl.instructions.map((ix) => {
    const expected = [...instructionDiscriminator(ix.name)];
    if (ix.discriminator.join() !== expected.join()) throw new Error(`${ix.name}: the IDL discriminator is not Anchor's default`);
    const accounts = ix.accounts.map((account) => {
      if (account.accounts !== undefined) throw new Error(`${ix.name}: composite account group ${account.name}`);
      const props = [`name: "${camel(account.name)}"`];
      if (account.writable === true) props.push("writable: true");
      if (account.signer === true) props.push("signer: true");
      if (account.optional === true) props.push("optional: true");
      if (account.address !== undefined) props.push(`address: "${account.address}"`);
      return `      { ${props.join(", ")} },`;
    });
    const args = ix.args.map((field) => `${camel(field.name)}: ${typeExpr(field.type)}`);
    return `${docComment(ix.docs, "  ")}  ${ix.name}: {\n    accounts: [\n${accounts.join("\n")}\n    ],\n    args: { ${args.join(", ")} },\n  },`;
  });

  const imports = [
    `import { arg, defineInstructions } from "@ballast/anchor";`,
    ...(usesCustom ? [`import { ${Object.values(CUSTOM_TYPES).join(", ")} } from "./instruction-arg-types.js";`] : []),
    ...(enums.size > 0 ? [`import { ${[...enums].sort().join(", ")} } from "./state/enums.js";`] : []),
  ];
  return [
    "// Generated from idl/marginfi.json by scripts/lending-instruction-table.ts; do not edit.",
    "// Regenerate with: npm run generate:instructions -w @ballast/protocol",
    ...imports,
    "",
    "// The IDL's struct types that arguments use, each after the ones it contains.",
    ...typeDecls,
    "/** The lending program's instructions: accounts in IDL order with their flags, then Borsh arguments in order. */",
    `export const LENDING_INSTRUCTIONS = defineInstructions({\n${instructions.join("\n")}\n});`,
    "",
    "export type LendingInstructionName = keyof typeof LENDING_INSTRUCTIONS;",
    "",
  ].join("\n");
}

/** The table module as the repository keeps it: generated from the IDL and formatted with the repository's Prettier. */
export async function renderInstructionTable(idl: LendingIdl = readIdl()): Promise<string> {
  const options = await resolveConfig(TABLE_PATH);
  return format(render(idl), { ...options, filepath: TABLE_PATH });
}

export function readIdl(): LendingIdl {
  return JSON.parse(readFileSync(IDL_PATH, "utf8")) as LendingIdl;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TABLE_PATH, await renderInstructionTable());
  console.log(`wrote ${TABLE_PATH}`);
}
