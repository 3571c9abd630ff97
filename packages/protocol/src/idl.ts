// The program's Anchor IDL as a module, so clients build and decode instructions, accounts and events from it.
import idl from "../idl/marginfi.json" with { type: "json" };

export const MARGINFI_IDL = idl;
