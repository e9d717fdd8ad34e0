// The importer: members and plans from another membership plugin's export (CLI file, or the GraphQL upload).
import './import-events.ts';
import type { MemberPart } from '../part.ts';
import { importerCli } from './cli.ts';
import { importerSchema } from './graphql/importer.ts';

export const importer: MemberPart = {
  name: 'importer',
  schema: importerSchema,
  cli: importerCli,
};
