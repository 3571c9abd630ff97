// ESLint over the whole repo, as a guard rail beside tsc: typescript-eslint's type-checked rules for promises (every
// promise awaited, handled, or explicitly `void` where fire-and-forget is meant; no promise where a callback's return
// is ignored) and exhaustive switches over unions, and the rules of hooks in the web app. `npm run lint`.
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores(["**/node_modules/", "**/dist/", "**/.data/", "**/.tmp/"]),
  tseslint.configs.base,
  {
    // Flat config lints only .js by default; every TypeScript file gets the type-checked rules.
    files: ["**/*.{ts,tsx,mts,cts,js,mjs}"],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Build configs and scripts outside tsconfig.json's include get the default project.
          allowDefaultProject: ["*.js", "*.ts", "apps/web/*.ts", "apps/web/scripts/*.mjs", "apps/web/vite-shims/*.js"],
          // The build's own scripts and the web app's shims: a dozen small files, outside every tsconfig.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": "error",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
