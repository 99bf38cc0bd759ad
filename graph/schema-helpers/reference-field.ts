// A link from an integer column that has no database relation to the record it names
// (docs/graphql.md, "Links"): `courier_id` answers `courier`, the Actor. The records of every
// row that selects the link at one place in the query are read together, in one statement, with
// the fields selected below it; a record that is gone, or another company's, is null.
import type { GraphQLResolveInfo } from 'graphql';
import type PrismaTypes from '../../prisma/generated/pothos-types.ts';
import type { ModelFieldBuilder } from '../builder.ts';
import type { Context } from '../context.ts';
import { loaderAt } from './place-loader.ts';
import { recordsById, type RecordScope } from '../database/records.ts';
import { graphqlOnly } from './selection.ts';


/** The records of `ids` of one link at one place of the query, read together. */
function loaderOf(ctx: Context, info: GraphQLResolveInfo, model: string, scope: RecordScope, query: object) {
  return loaderAt<number, unknown>(ctx, info, model, async (ids) => {
    const byId = await recordsById(model, query, scope(ctx), ids);
    return ids.map((id) => byId.get(id) ?? null);
  });
}

/**
 * The link from `column` to a record of `model` (its GraphQL type has the model's name), a
 * `t.prismaField`: the records it answers carry what the fields below it select, read in the
 * same statement. The model is named by the caller's data (graph/builder.ts, `ModelFieldBuilder`).
 */
export function referenceField(t: ModelFieldBuilder, column: string, model: keyof PrismaTypes, description: string, scope: RecordScope) {
  return t.prismaField({
    ...graphqlOnly,
    type: model,
    nullable: true,
    description: `${description} (GraphQL only; null when it is gone).`,
    // The object types linked from are read whole (every column), so the row holds `column`.
    resolve: (query: object, row: Record<string, unknown>, _args: unknown, ctx: Context, info: GraphQLResolveInfo) => {
      if (!(column in row)) throw new Error(`${info.parentType.name}.${info.fieldName}: the row was read without ${column}`);
      // Read by every row's call (Pothos checks each row's query is used); the rows of one place share it.
      const selection = { ...query };
      return typeof row[column] === 'number' ? loaderOf(ctx, info, model, scope, selection).load(row[column] as number) : null;
    },
  });
}
