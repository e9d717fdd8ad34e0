// Prisma CLI configuration (generate, studio). Atrium applies migrations itself (src/db/migrate.ts),
// so the datasource URL here only matters for `prisma studio` against a PostgreSQL server.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/atrium' },
});
