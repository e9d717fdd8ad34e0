// npx tsx scripts/schema-descriptions.ts [--missing] — how much of schema.graphql a GraphiQL reader finds described:
// types (objects, inputs, enums, interfaces, unions, scalars) and fields (object, interface and input fields, with
// root fields' arguments), described / total; --missing lists what is not (Type or Type.field).
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
} from 'graphql';

const schema = buildSchema(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8'));
const missing: string[] = [];
let types = 0;
let typesDescribed = 0;
let fields = 0;
let fieldsDescribed = 0;
for (const type of Object.values(schema.getTypeMap())) {
  if (type.name.startsWith('__')) continue;
  if (!(
    isObjectType(type) ||
    isInputObjectType(type) ||
    isEnumType(type) ||
    isInterfaceType(type) ||
    isUnionType(type) ||
    isScalarType(type)
  ))
    continue;
  if (isScalarType(type) && ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name)) continue;
  types++;
  if (type.description?.trim()) typesDescribed++;
  else missing.push(type.name);
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) {
      fields++;
      if (field.description?.trim()) fieldsDescribed++;
      else missing.push(`${type.name}.${field.name}`);
    }
  }
}
console.log(`types ${typesDescribed}/${types} described, fields ${fieldsDescribed}/${fields} described`);
if (process.argv.includes('--missing')) console.log(missing.join('\n'));
