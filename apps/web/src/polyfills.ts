// Node globals the Solana libraries read at module load, for the development server, where main.tsx imports this
// first and modules run in import order. The production build injects a `buffer` import into every module that
// uses Buffer instead (vite.config.ts), since chunks may run before the entry's own code.
import { Buffer } from "buffer";

const scope = globalThis as typeof globalThis & { Buffer?: typeof Buffer };
scope.Buffer ??= Buffer;
