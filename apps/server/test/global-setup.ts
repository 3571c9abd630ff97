// One PostgreSQL cluster for the whole test run; each test file makes its own database in it.
import type { TestProject } from "vitest/node";
import { startPostgres } from "./support/postgres.js";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgres();
  project.provide("postgresAdminUrl", cluster.adminUrl);
  return () => cluster.stop();
}
