// npm run generate (also after npm install): the Prisma client + Pothos types from prisma/schema, and the typed
// GraphQL documents tests use (GraphQL Code Generator from the committed schema.graphql). Offline: Prisma's schema
// engine binary is not needed for generation, so it points at a harmless path.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const bin = path.resolve(import.meta.dirname, '../node_modules/.bin');
const env = {
  ...process.env,
  PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, // the Pothos generator is a package bin
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/false',
  CHECKPOINT_DISABLE: '1',
};

function run(command, args) {
  try {
    execFileSync(path.join(bin, command), args, { stdio: 'pipe', env, cwd: path.resolve(import.meta.dirname, '..') });
  } catch (err) {
    process.stderr.write(`${command} ${args.join(' ')} failed:\n${err.stdout ?? ''}${err.stderr ?? ''}\n`);
    process.exit(1);
  }
}

run('prisma', ['generate']);
run('graphql-codegen', ['--config', 'codegen.ts']);
