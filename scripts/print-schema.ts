// npm run schema:print — writes schema.graphql from the code (commit it; a test fails when they differ).
import { writeFileSync } from 'node:fs';
import { buildSchema, printSchemaSDL } from '../src/graphql/schema.ts';
import { modules } from '../src/modules/index.ts';

writeFileSync(new URL('../schema.graphql', import.meta.url), printSchemaSDL(buildSchema(modules)));
console.log('wrote schema.graphql');
