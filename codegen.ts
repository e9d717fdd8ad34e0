// GraphQL Code Generator: typed documents from the committed schema, for the tests (graphql(`…`) in test files) and
// for the admin console (its operations live in admin/src/**/*.graphql; each becomes a tree-shakable XxxDocument).
import type { CodegenConfig } from '@graphql-codegen/cli';

const config = {
  emitLegacyCommonJSImports: false,
  useTypeImports: true,
  enumsAsTypes: true,
  scalars: { DateTime: 'string', JSON: 'unknown', SafeInt: 'number' },
};

const codegen: CodegenConfig = {
  schema: 'schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'test/gql/': {
      documents: ['test/**/*.ts', '!test/gql/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config,
    },
    'admin/src/gql/': {
      documents: ['admin/src/**/*.graphql'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config,
    },
  },
};

export default codegen;
