// npm run schema:print — writes schema.graphql from the code (commit it; a test fails when they differ).
import { writeFileSync } from 'node:fs';
import { printSchemaSDL } from '../src/graphql/schema.ts';

writeFileSync(new URL('../schema.graphql', import.meta.url), printSchemaSDL());
console.log('wrote schema.graphql');
