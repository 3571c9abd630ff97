#!/usr/bin/env node
// The installed `ballast` command: registers tsx's loader (as `node --import tsx` does for the other apps) and runs
// the TypeScript entry. CommonJS so plain node runs it; both imports are ES modules.
import("tsx/esm/api")
  .then(({ register }) => {
    register();
    return import("../src/main.ts");
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
