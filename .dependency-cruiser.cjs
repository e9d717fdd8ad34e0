// The floors of src/ (docs/architecture.md), bottom to top; an import only points down or stays on its floor:
//   0  db/, input/, generated/,     connection, migrations, embedded cluster; the input vocabulary; Prisma's client;
//      paths.ts                     where the package's files are
//   1  platform/                    config, users, auth, content, hooks, events, jobs, mail, errors, refusal…
//   2  graphql/, rest/, cli/        the faces (rest builds on graphql: it runs GraphQL operations; cli stands alone)
//   3  modules/module.ts, modules/<m>/   the Module contract, and each module (its own files only)
//   4  server.ts, app/, modules/index.ts the composition root: the HTTP app, the `atrium` command, the module list
// `npm run lint` runs it; CI fails on any violation.
const TOP = '^src/(server\\.ts$|app/|modules/index\\.ts$)';
const MODULES = '^src/modules/';
const FACES = '^src/(graphql|rest|cli)/';

/** What a module may use of the faces: declaration helpers (builder, access, arguments, pages, loaders, the
 *  resolver context and selection), REST bindings, and the CLI's context, options and progress bar. */
const FACE_HELPERS =
  '^src/graphql/(builder|access|zod-args|pagination|loaders|context|selection|auth-methods)\\.ts$|^src/rest/binding\\.ts$|^src/cli/(context|options|progress)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No circle, type-only imports included: a circle makes two files one idea that cannot be read alone. The one ' +
        'exception is the Platform object (platform/platform.ts): it holds the services that take it as their argument.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaNot: '^src/platform/platform\\.ts$' },
    },
    {
      name: 'no-circular-at-run-time',
      comment: 'Not even through the Platform: only type-only imports may point back at it.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'bottom-stays-bottom',
      comment: 'db/ and input/ know nothing above them.',
      severity: 'error',
      from: { path: '^src/(db|input)/' },
      to: { path: '^src/', pathNot: '^src/((db|input|generated)/|paths\\.ts$)' },
    },
    {
      name: 'platform-knows-no-face',
      comment: 'The platform knows no face, no module and not the top.',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: `${FACES}|${MODULES}|${TOP}` },
    },
    {
      name: 'platform-no-transport',
      comment: "No express, commander, GraphQL or Pothos in the platform: those are the faces'.",
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: 'node_modules/(express|commander|graphql|graphql-yoga|@pothos/[^/]+)/' },
    },
    {
      name: 'faces-know-no-module',
      comment: 'A face serves whatever modules it is given; it imports none, nor the top.',
      severity: 'error',
      from: { path: FACES },
      to: { path: `${MODULES}|${TOP}` },
    },
    {
      name: 'graphql-knows-no-rest',
      comment: 'REST is derived from the GraphQL schema, never the other way.',
      severity: 'error',
      from: { path: '^src/graphql/' },
      to: { path: '^src/rest/' },
    },
    {
      name: 'cli-stands-alone',
      comment:
        'The CLI face does not reach into the HTTP faces (a command runs operations through CliContext.graphql).',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: '^src/(graphql|rest)/' },
    },
    {
      name: 'rest-knows-no-cli',
      severity: 'error',
      from: { path: '^src/(graphql|rest)/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'modules-below-top',
      comment: "A module never imports the composition root (the app, the CLI's main, the module list).",
      severity: 'error',
      from: { path: MODULES, pathNot: TOP },
      to: { path: TOP },
    },
    {
      name: 'module-imports-no-module',
      comment: 'A module imports only its own files (and the floors below): modules meet through events and hooks.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'member-part-imports-no-sibling',
      comment:
        'A part of membership (learning, community, insight, importer) imports the core and its own files, never a ' +
        "sibling part: what the core shows of the parts it is handed through the module's index.ts.",
      severity: 'error',
      from: { path: '^src/modules/member/(learning|community|insight|importer)/' },
      to: { path: '^src/modules/member/(learning|community|insight|importer)/', pathNot: '^src/modules/member/$1/' },
    },
    {
      name: 'member-core-imports-no-part',
      comment: 'The core of membership stands alone: the other parts are built on it.',
      severity: 'error',
      from: { path: '^src/modules/member/core/' },
      to: { path: '^src/modules/member/(learning|community|insight|importer)/' },
    },
    {
      name: 'modules-use-face-helpers-only',
      comment: 'Of a face, a module uses its declaration helpers only, never its machinery (schema, yoga, tables…).',
      severity: 'error',
      from: { path: MODULES, pathNot: TOP },
      to: { path: FACES, pathNot: FACE_HELPERS },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
