// Every command's help says what it does to the chain: "Changes on chain: …" for commands that send, "Reads only."
// for the rest. Tests hold every command to this.
export const writes = (summary: string, change: string): string => `${summary}. Changes on chain: ${change}.`;

export const readsOnly = (summary: string): string => `${summary}. Reads only.`;

/** Commands that neither read nor write the chain (completion scripts). */
export const offline = (summary: string): string => `${summary}. Touches no chain.`;
