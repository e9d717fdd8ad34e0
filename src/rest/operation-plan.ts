// A route's operation as a plan compiled once. The document is fixed, so which fields of which types run, with which
// resolver, arguments, `info` and response path, is worked out on the route's first request (once per value of the
// variables its @include and @skip read); a request then only coerces its variables, calls the resolvers and
// completes their values. The resolvers are the schema's, the GraphQL face's (one resolver layer): only the walk
// differs. It replaced graphql-jit on the REST face, whose compiled code builds a fresh `info.path` for every resolver
// call: the Prisma plugin keys a request's row plans by the path and memoises each link's key string per link object,
// so every field of every row rebuilt its strings (docs/performance.md). Here each position keeps its path link
// (response-path.ts).
//
// Errors: the REST face answers an operation's first error, so the first error a field raises (a resolver's, a null
// where the type says non-null, a leaf its type cannot serialize) ends the run instead of nulling the field.
import {
  defaultFieldResolver,
  defaultTypeResolver,
  getDirectiveValues,
  getNamedType,
  GraphQLError,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  locatedError,
  print,
  specifiedScalarTypes,
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLAbstractType,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { argumentsOf, variablesOf, type CoercedVariables } from './plan-inputs.ts';
import { PathLink } from './response-path.ts';

type Obj = Record<string, unknown>;

/** What one request's run carries to every field. */
interface Run {
  context: unknown;
  variables: Obj;
}

/** A field of a selection on one object type, as every request runs it. */
interface FieldPlan {
  key: string;
  name: string;
  nodes: readonly FieldNode[];
  parentType: GraphQLObjectType;
  returnType: GraphQLOutputType;
  resolve: GraphQLFieldResolver<unknown, unknown>;
  args: (variables: Obj) => Obj;
  complete: Complete;
  /** A property of its parent: the field has no resolver of its own (graphql-js's default: read the property, call it
   *  when it is a function) and its value completes without `info` (no isTypeOf, no abstract type below it). */
  property: boolean;
  /** A scalar or enum (not a list of them): its value completes without a path either. */
  leaf: boolean;
  /** A leaf's value serialized when it is plainly of its type (a string for String), else undefined: then the
   *  complete path decides (coerces, or raises the located error). */
  quick?: (value: unknown) => unknown;
  /** Whether the type says non-null. */
  nonNull: boolean;
}

type Complete = (value: unknown, path: PathLink, info: GraphQLResolveInfo, run: Run) => unknown;

/** An object type's selection run on a value of it. */
type ObjectFields = (parent: unknown, path: PathLink, run: Run) => Obj | PromiseLike<Obj>;

const isPromise = (v: unknown): v is PromiseLike<unknown> =>
  !!v && (typeof v === 'object' || typeof v === 'function') && typeof (v as PromiseLike<unknown>).then === 'function';

// One frozen object for every field without arguments: a fresh `{}` per call was a tenth of a list's allocations,
// and no resolver writes to its arguments (one that tried would throw, not leak into another call).
const NO_ARGS = Object.freeze({});
const noArgs = () => NO_ARGS;

/** The operation's compiled shape for one set of @include/@skip values. */
class Shape {
  readonly top = PathLink.root();
  constructor(readonly fields: FieldPlan[]) {}
}

export class OperationPlan {
  readonly #operation: OperationDefinitionNode;
  readonly #fragments: Record<string, FragmentDefinitionNode>;
  readonly #rootType: GraphQLObjectType;
  /** The variables @include and @skip read: the shapes are told apart by their values. */
  readonly #directiveVariables: string[];
  readonly #shapes = new Map<string, Shape>();
  readonly #variables: (inputs: Obj) => CoercedVariables;

  private constructor(
    private readonly schema: GraphQLSchema,
    operation: OperationDefinitionNode,
    fragments: Record<string, FragmentDefinitionNode>,
    rootType: GraphQLObjectType,
    directiveVariables: string[],
  ) {
    this.#operation = operation;
    this.#fragments = fragments;
    this.#rootType = rootType;
    this.#directiveVariables = directiveVariables;
    this.#variables = variablesOf(schema, operation.variableDefinitions ?? []);
  }

  /** The plan of a document of one query or mutation (validated against the schema), or null for anything else
   *  (the route then runs through graphql-js). */
  static of(schema: GraphQLSchema, document: DocumentNode): OperationPlan | null {
    const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    const operation = operations[0];
    if (operations.length !== 1 || !operation) return null;
    const rootType =
      operation.operation === 'query'
        ? schema.getQueryType()
        : operation.operation === 'mutation'
          ? schema.getMutationType()
          : null;
    if (!rootType) return null;
    // An answer's key `__proto__` would set the answer's prototype (graphql-js answers in prototype-less objects).
    if (/\b__proto__\b/.test(print(document))) return null;
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
    return new OperationPlan(schema, operation, fragments, rootType, directiveVariablesOf(document));
  }

  /** Runs the operation: `{ data }`, or `{ errors }` with the first error raised. */
  async run(context: unknown, inputs: Obj): Promise<ExecutionResult> {
    const coerced = this.#variables(inputs);
    if (coerced.errors) return { errors: coerced.errors };
    const variables = coerced.coerced;
    const shape = this.#shape(variables);
    const run: Run = { context, variables };
    try {
      if (this.#operation.operation === 'mutation') {
        // A mutation's root fields run one after another (REST's have one).
        const data: Obj = {};
        for (const f of shape.fields) data[f.key] = await this.#field(f, undefined, shape.top, run);
        return { data };
      }
      return { data: await this.#fields(shape.fields, undefined, shape.top, run) };
    } catch (err) {
      return { errors: [err instanceof GraphQLError ? err : locatedError(err, this.#operation)] };
    }
  }

  #shape(variables: Obj): Shape {
    const key = this.#directiveVariables.length
      ? JSON.stringify(this.#directiveVariables.map((v) => variables[v]))
      : '';
    let shape = this.#shapes.get(key);
    if (!shape) {
      shape = new Shape(this.#plan(this.#rootType, [this.#operation.selectionSet], variables));
      this.#shapes.set(key, shape);
    }
    return shape;
  }

  /** The fields a selection runs on `type`, merged by response key as graphql-js collects them. */
  #plan(type: GraphQLObjectType, sets: readonly SelectionSetNode[], variables: Obj): FieldPlan[] {
    const byKey = new Map<string, FieldNode[]>();
    const visited = new Set<string>();
    const collect = (set: SelectionSetNode) => {
      for (const s of set.selections) {
        if (!included(s, variables)) continue;
        if (s.kind === Kind.FIELD) {
          const key = s.alias?.value ?? s.name.value;
          byKey.set(key, [...(byKey.get(key) ?? []), s]);
        } else if (s.kind === Kind.INLINE_FRAGMENT) {
          if (this.#applies(s.typeCondition?.name.value, type)) collect(s.selectionSet);
        } else {
          const fragment = this.#fragments[s.name.value];
          if (visited.has(s.name.value) || !fragment) continue;
          visited.add(s.name.value);
          if (this.#applies(fragment.typeCondition.name.value, type)) collect(fragment.selectionSet);
        }
      }
    };
    for (const set of sets) collect(set);
    const fields: FieldPlan[] = [];
    for (const [key, nodes] of byKey) {
      const name = nodes[0]!.name.value;
      if (name === '__typename') {
        fields.push({
          key,
          name,
          nodes,
          parentType: type,
          returnType: type,
          resolve: () => type.name,
          args: noArgs,
          complete: (v) => v,
          property: false,
          leaf: true,
          nonNull: true,
        });
        continue;
      }
      const def = type.getFields()[name] as GraphQLField<unknown, unknown> | undefined;
      if (!def) continue; // as graphql-js: a field the type lacks (validation refuses it first)
      const node = nodes[0]!;
      fields.push({
        key,
        name,
        nodes,
        parentType: type,
        returnType: def.type,
        resolve: def.resolve ?? defaultFieldResolver,
        args: def.args.length ? argumentsOf(def, node) : noArgs,
        complete: this.#completer(def.type, nodes, variables, `${type.name}.${name}`),
        // Pothos leaves `resolve` unset where no plugin wrapped the field (an exposed column, most leaves, a JSON
        // column's parts).
        property: !def.resolve && !completesWithInfo(def.type),
        leaf: isLeafType(isNonNullType(def.type) ? def.type.ofType : def.type),
        quick: quickSerializer(isNonNullType(def.type) ? def.type.ofType : def.type),
        nonNull: isNonNullType(def.type),
      });
    }
    return fields;
  }

  #applies(condition: string | undefined, type: GraphQLObjectType): boolean {
    if (!condition || condition === type.name) return true;
    const conditionType = this.schema.getType(condition);
    return !!conditionType && isAbstractType(conditionType) && this.schema.isSubType(conditionType, type);
  }

  /** How a field's value of `type` is completed: checked, serialized, or its own selection run on it. */
  #completer(type: GraphQLOutputType, nodes: readonly FieldNode[], variables: Obj, field: string): Complete {
    if (isNonNullType(type)) {
      const inner = this.#completer(type.ofType, nodes, variables, field);
      return (value, path, info, run) => {
        if (value === null || value === undefined)
          throw new Error(`Cannot return null for non-nullable field ${field}.`);
        return inner(value, path, info, run);
      };
    }
    if (isLeafType(type)) {
      return (value) => {
        if (value === null || value === undefined) return null;
        const serialized = type.serialize(value);
        if (serialized === undefined)
          throw new Error(`Expected a value of type "${type.name}" but received: ${String(value)}`);
        return serialized;
      };
    }
    if (isListType(type)) {
      const item = this.#completer(type.ofType, nodes, variables, field);
      return (value, path, info, run) => {
        if (value === null || value === undefined) return null;
        if (typeof (value as Iterable<unknown>)[Symbol.iterator] !== 'function')
          throw new Error(`Expected Iterable, but did not find one for field "${field}".`);
        const out: unknown[] = [];
        let pending: PromiseLike<unknown>[] | undefined;
        let indexes: number[] | undefined;
        let i = 0;
        for (const v of value as Iterable<unknown>) {
          const at = path.child(i, undefined);
          const index = i++;
          const done = isPromise(v) ? completeLater(v, item, at, info, run) : item(v, at, info, run);
          out.push(done);
          if (isPromise(done)) {
            (pending ??= []).push(done);
            (indexes ??= []).push(index);
          }
        }
        return pending ? settleAll(out, indexes!, pending) : out;
      };
    }
    const sets = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
    if (isObjectType(type)) {
      const fields = this.#object(this.#plan(type, sets, variables));
      const checked = (ok: unknown, path: PathLink, _info: unknown, run: Run, value: unknown) =>
        ok ? fields(value, path, run) : wrongType(type, value);
      return (value, path, info, run) => {
        if (value === null || value === undefined) return null;
        if (type.isTypeOf) {
          const is = type.isTypeOf(value, run.context, info);
          if (isPromise(is)) return completeLater(is, checked, path, info, run, value);
          if (!is) wrongType(type, value);
        }
        return fields(value, path, run);
      };
    }
    return this.#abstract(type as GraphQLAbstractType, sets, variables);
  }

  /** An interface's or union's value: its selection on the concrete type it resolves to, planned when first met. */
  #abstract(type: GraphQLAbstractType, sets: SelectionSetNode[], variables: Obj): Complete {
    const byType = new Map<string, ObjectFields>();
    const resolveType = type.resolveType ?? defaultTypeResolver;
    const finish = (name: unknown, path: PathLink, _info: unknown, run: Run, value: unknown) => {
      const runtime = typeof name === 'string' ? this.schema.getType(name) : undefined;
      if (!runtime || !isObjectType(runtime) || !this.schema.isSubType(type, runtime))
        throw new Error(`Abstract type "${type.name}" must resolve to an Object type at runtime; got ${String(name)}.`);
      let fields = byType.get(runtime.name);
      if (!fields) byType.set(runtime.name, (fields = this.#object(this.#plan(runtime, sets, variables))));
      return fields(value, path, run);
    };
    return (value, path, info, run) => {
      if (value === null || value === undefined) return null;
      const name = resolveType(value, run.context, info, type);
      return isPromise(name)
        ? completeLater(name, finish, path, info, run, value)
        : finish(name, path, info, run, value);
    };
  }

  /**
   * An object type's selection on a parent object, as a function made for this list of fields: each property is read
   * at a site of its own, which sees one shape (a statement's rows, a JSON column's objects), and the answer is one
   * object literal. The walk of #fields reads every field's property and writes every answer's key at one site for
   * every type of every route: V8's megamorphic lookups there were a tenth of the forms list's CPU (`perf` with
   * `--perf-basic-prof`). The code made is the walk's own, unrolled; names and keys are GraphQL names, written as
   * JSON strings. A parent that is not an object takes the walk.
   */
  #object(fields: FieldPlan[]): ObjectFields {
    const walk: ObjectFields = (parent, path, run) => this.#fields(fields, parent, path, run);
    const q = JSON.stringify;
    const promise = (v: string) =>
      `(${v} !== null && (typeof ${v} === "object" || typeof ${v} === "function") && typeof ${v}.then === "function")`;
    const careful = (i: number) =>
      `typeof v${i} === "function" || ${promise(`v${i}`)} ? resolved(F[${i}], parent, path, run) : property(F[${i}], v${i}, path, run)`;
    const reads = fields.map((f, i) => {
      if (!f.property) return `const v${i} = resolved(F[${i}], parent, path, run);`;
      const read = `let v${i} = parent[${q(f.name)}];`;
      if (!f.quick) return `${read}\nv${i} = ${careful(i)};`;
      // A leaf: null as the type allows, a plain value serialized at once, anything else the careful way.
      return [
        read,
        `if (v${i} === null || v${i} === undefined) v${i} = ${f.nonNull ? `property(F[${i}], v${i}, path, run)` : 'null'};`,
        `else { const s = F[${i}].quick(v${i}); v${i} = s !== undefined ? s : ${careful(i)}; }`,
      ].join('\n');
    });
    const pending = fields.map(
      (f, i) => `if (${promise(`v${i}`)}) { (pending ??= []).push(v${i}); (keys ??= []).push(${q(f.key)}); }`,
    );
    const body = [
      '"use strict";',
      'return function fields(parent, path, run) {',
      'if (parent === null || typeof parent !== "object") return walk(parent, path, run);',
      ...reads,
      `const out = { ${fields.map((f, i) => `${q(f.key)}: v${i}`).join(', ')} };`,
      'let pending, keys;',
      ...pending,
      'return pending ? settleAll(out, keys, pending) : out;',
      '};',
    ].join('\n');
    const make = new Function('F', 'walk', 'resolved', 'property', 'settleAll', body) as (
      ...args: unknown[]
    ) => ObjectFields;
    return make(
      fields,
      walk,
      (f: FieldPlan, parent: unknown, path: PathLink, run: Run) => this.#resolved(f, parent, path, run),
      (f: FieldPlan, value: unknown, path: PathLink, run: Run) => this.#property(f, value, path, run),
      settleAll,
    );
  }

  /** An object's selection: its fields in order, awaited together when any is a promise. */
  #fields(fields: FieldPlan[], parent: unknown, path: PathLink, run: Run): Obj | PromiseLike<Obj> {
    const out: Obj = {};
    let pending: PromiseLike<unknown>[] | undefined;
    let keys: string[] | undefined;
    for (const f of fields) {
      const value = this.#field(f, parent, path, run);
      out[f.key] = value; // a promise holds its place in the answer's key order until it settles
      if (isPromise(value)) {
        (pending ??= []).push(value);
        (keys ??= []).push(f.key);
      }
    }
    return pending ? settleAll(out, keys!, pending) : out;
  }

  /** One field on `parent`: its resolver with its arguments and info, then its value completed. */
  #field(f: FieldPlan, parent: unknown, parentPath: PathLink, run: Run): unknown {
    if (f.property && parent !== null && typeof parent === 'object') {
      const value = (parent as Obj)[f.name];
      if (typeof value !== 'function' && !isPromise(value)) return this.#property(f, value, parentPath, run);
    }
    return this.#resolved(f, parent, parentPath, run);
  }

  /** A property field's value (not a function or a promise: those go through the resolver), completed. */
  #property(f: FieldPlan, value: unknown, parentPath: PathLink, run: Run): unknown {
    try {
      if (value instanceof Error) throw value;
      const path = f.leaf ? (undefined as never) : parentPath.child(f.key, f.parentType.name, f);
      const done = f.complete(value, path, undefined as never, run);
      return isPromise(done) ? done.then(undefined, located(f, parentPath.child(f.key, f.parentType.name, f))) : done;
    } catch (err) {
      return located(f, parentPath.child(f.key, f.parentType.name, f))(err);
    }
  }

  /** A field through its resolver, with its arguments and info. */
  #resolved(f: FieldPlan, parent: unknown, parentPath: PathLink, run: Run): unknown {
    const path = parentPath.child(f.key, f.parentType.name, f);
    const info: GraphQLResolveInfo = {
      fieldName: f.name,
      fieldNodes: f.nodes,
      returnType: f.returnType,
      parentType: f.parentType,
      path,
      schema: this.schema,
      fragments: this.#fragments,
      rootValue: undefined,
      operation: this.#operation,
      variableValues: run.variables,
    };
    try {
      const value = f.resolve(parent, f.args(run.variables), run.context, info);
      if (isPromise(value)) return this.#completeLater(value, f, path, info, run);
      return this.#completed(f, value, path, info, run);
    } catch (err) {
      return located(f, path)(err);
    }
  }

  /** A resolver's promise, completed once it settles (a method of its own: see completeLater below). */
  #completeLater(value: PromiseLike<unknown>, f: FieldPlan, path: PathLink, info: GraphQLResolveInfo, run: Run) {
    return value.then((v) => this.#completed(f, v, path, info, run), located(f, path));
  }

  /** A resolver's value, completed; an error located at the field. */
  #completed(f: FieldPlan, value: unknown, path: PathLink, info: GraphQLResolveInfo, run: Run): unknown {
    try {
      if (value instanceof Error) throw value;
      const done = f.complete(value, path, info, run);
      return isPromise(done) ? done.then(undefined, located(f, path)) : done;
    } catch (err) {
      return located(f, path)(err);
    }
  }
}

/** Throws `err` located at field `f` (at `path`), as graphql-js reports a field's error. */
const located =
  (f: FieldPlan, path: PathLink) =>
  (err: unknown): never => {
    throw locatedError(err, f.nodes, pathToArray(path));
  };

const isInt32 = (v: unknown) => typeof v === 'number' && (v | 0) === v;
const QUICK: Record<string, (v: unknown) => unknown> = {
  String: (v) => (typeof v === 'string' ? v : undefined),
  ID: (v) => (typeof v === 'string' ? v : undefined),
  Boolean: (v) => (typeof v === 'boolean' ? v : undefined),
  Int: (v) => (isInt32(v) ? v : undefined),
  Float: (v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined),
};

/** A leaf type's quick serializer (FieldPlan.quick): graphql's own scalars answer a value already of their type as
 *  it is; any other leaf's serialize runs, and an Error value (raised by the careful path) or a serialize that throws
 *  gives undefined, the careful path then raising the located error. */
function quickSerializer(type: GraphQLOutputType): ((v: unknown) => unknown) | undefined {
  if (!isLeafType(type)) return undefined;
  const builtIn = QUICK[type.name];
  if (builtIn && type === specifiedScalarTypes.find((t) => t.name === type.name)) return builtIn;
  return (v) => {
    if (typeof v === 'object' && v instanceof Error) return undefined;
    try {
      return type.serialize(v);
    } catch {
      return undefined;
    }
  };
}

/** Whether completing a value of `type` reads `info`: an object type's isTypeOf, an abstract type's resolveType. */
function completesWithInfo(type: GraphQLOutputType): boolean {
  const named = getNamedType(type);
  return isAbstractType(named) || (isObjectType(named) && !!named.isTypeOf);
}

// The continuations below are made in functions of their own: a function that makes a closure over its variables
// gets a context object on every call, even when the closure is made on a branch it seldom takes, and the walk's
// functions run for every field of every row (that context was a fifth of a list's allocations).

/** `complete` of `value` once it settles (`parent`: the object a type check or a type resolution is about). */
const completeLater = (
  value: PromiseLike<unknown>,
  complete: (v: unknown, path: PathLink, info: GraphQLResolveInfo, run: Run, parent?: unknown) => unknown,
  path: PathLink,
  info: GraphQLResolveInfo,
  run: Run,
  parent?: unknown,
) => value.then((v) => complete(v, path, info, run, parent));

/** `into` once its promises (`pending`, at `at`) settle, with their values in their places; the first rejection
 *  rejects it. One promise for the lot and one per promise: `Promise.all(…).then` made two more, and every promise
 *  pays the request scope's hook (docs/performance.md). */
function settleAll<T extends Obj | unknown[]>(into: T, at: (string | number)[], pending: PromiseLike<unknown>[]) {
  const slots = into as Record<string | number, unknown>;
  if (pending.length === 1) {
    return pending[0]!.then((value) => {
      slots[at[0]!] = value;
      return into;
    });
  }
  return new Promise<T>((resolve, reject) => {
    let left = pending.length;
    for (let i = 0; i < pending.length; i++) {
      pending[i]!.then((value) => {
        slots[at[i]!] = value;
        if (--left === 0) resolve(into);
      }, reject);
    }
  });
}

function wrongType(type: GraphQLObjectType, value: unknown): never {
  throw new Error(`Expected value of type "${type.name}" but got: ${String(value)}.`);
}

function pathToArray(path: PathLink | undefined): (string | number)[] {
  const out: (string | number)[] = [];
  for (let p = path; p; p = p.prev) out.unshift(p.key);
  return out;
}

/** Whether @skip and @include keep a selection, as graphql-js decides. */
function included(node: { directives?: readonly unknown[] }, variables: Obj): boolean {
  if (!node.directives?.length) return true;
  const n = node as Parameters<typeof getDirectiveValues>[1];
  if (getDirectiveValues(GraphQLSkipDirective, n, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, n, variables)?.if !== false;
}

/** The variables any @skip or @include of the document reads. */
function directiveVariablesOf(document: DocumentNode): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const node = value as { kind?: string; name?: { value: string }; arguments?: unknown[] };
    if (node.kind === Kind.DIRECTIVE && (node.name?.value === 'skip' || node.name?.value === 'include')) {
      for (const arg of (node.arguments ?? []) as { value: { kind: string; name?: { value: string } } }[])
        if (arg.value.kind === Kind.VARIABLE) names.add(arg.value.name!.value);
      return;
    }
    for (const [k, v] of Object.entries(value)) if (k !== 'loc') visit(v);
  };
  visit(document.definitions);
  return [...names].sort();
}
