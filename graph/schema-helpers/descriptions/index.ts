// The meanings of the enum values and field arguments that the schema declares without a
// description, filled in when the schema is built; the texts are kept by subject beside this file.
import { isEnumType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { argumentDocs } from './arguments.ts';
import { customs } from './customs.ts';
import { partiesAndGoods } from './parties-and-goods.ts';
import { processes } from './processes.ts';
import { transport } from './transport.ts';

export { argumentDocs };
export const enumValueDocs: Record<string, Record<string, string>> = { ...partiesAndGoods, ...transport, ...customs, ...processes };

/** Fills in, in place, the descriptions the schema lacks from the two maps; returns the schema. */
export function describeSchema(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isEnumType(type)) {
      const docs = enumValueDocs[type.name];
      if (!docs) continue;
      for (const value of type.getValues()) {
        if (!value.description && docs[value.name]) value.description = docs[value.name];
      }
    } else if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        for (const arg of field.args) {
          const doc = argumentDocs[`${type.name}.${field.name}.${arg.name}`];
          if (!arg.description && doc) arg.description = doc;
        }
      }
    }
  }
  return schema;
}
