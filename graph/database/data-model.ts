// The data model as the generated client describes it (prisma/schema): each model's fields, their
// kinds and types, and the values of each enum in their declared order (the order PostgreSQL
// sorts them in). Field names are the tables' column names (the schema maps no field).
import * as prismaEnums from '../../prisma/generated/client/enums.ts';
import { getDatamodel } from '../../prisma/generated/pothos-types.ts';

type Models = ReturnType<typeof getDatamodel>['datamodel']['models'];
/** One field of a model: `kind` is `scalar`, `enum` or `object` (a relation), `type` its scalar, enum or model name. */
export type ModelField = Models[string]['fields'][number];

/** The data model's models, parsed at the first call only (getDatamodel parses its JSON text at each). */
export const modelsOf = ((parsed?: Models) => () => (parsed ??= getDatamodel().datamodel.models))();

/** The values of each enum of the data model, in their declared order. */
export const enumOrder = new Map<string, readonly string[]>(Object.entries(prismaEnums).map(([name, values]) => [name, Object.values(values as Record<string, string>)]));

const byName = new Map<string, Map<string, ModelField>>();

/** The field `name` of `model`, or undefined. */
export function fieldOf(model: string, name: string): ModelField | undefined {
  let fields = byName.get(model);
  if (!fields) byName.set(model, (fields = new Map((modelsOf()[model]?.fields ?? []).map((f) => [f.name, f]))));
  return fields.get(name);
}
