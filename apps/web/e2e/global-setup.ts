// The end-to-end tests drive the built web app as the launcher serves it, so build it once when it is missing (the
// test script builds it before every run; this covers `npx vitest run apps/web/e2e` on its own).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const INDEX_HTML = fileURLToPath(new URL("../dist/index.html", import.meta.url));

export default function setup(): void {
  if (existsSync(INDEX_HTML)) return;
  // The build's exit status also covers its first-load budget check, which runs after vite has written dist: the
  // tests need the app, and the budget is the build's own failure to report.
  const build = spawnSync("npm", ["run", "build", "-w", "@ballast/web"], { cwd: ROOT, stdio: "inherit" });
  if (!existsSync(INDEX_HTML)) throw new Error(`the web build (exit ${build.status}) did not produce ${INDEX_HTML}`);
}
