import type { TestProject } from "vitest/node";
import { createTestTemplates } from "./db";
import { provisionPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The run's migrated PostgreSQL database that test databases are created from. */
    postgresTemplate: string;
    /** The run's migrated PGlite data directory that test databases copy. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const pg = await provisionPostgres();
  console.log(`integration tests: PostgreSQL from ${pg.source}`);
  project.provide("databaseUrl", pg.url);
  try {
    const templates = await createTestTemplates(pg.url);
    project.provide("postgresTemplate", templates.postgres);
    project.provide("pgliteTemplate", templates.pglite);
    return async () => {
      await templates.remove();
      await pg.stop();
    };
  } catch (error) {
    await pg.stop();
    throw error;
  }
}
