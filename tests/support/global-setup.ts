import type { TestProject } from "vitest/node";
import { provisionPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const pg = await provisionPostgres();
  console.log(`integration tests: PostgreSQL from ${pg.source}`);
  project.provide("databaseUrl", pg.url);
  return async () => {
    await pg.stop();
  };
}
