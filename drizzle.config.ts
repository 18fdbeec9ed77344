import { defineConfig } from 'drizzle-kit';

// One schema, one set of migrations, applied by server/db/migrate.ts to PGlite or PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
});
