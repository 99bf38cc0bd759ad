// Global object identification (docs/graphql.md, "Global ids"): the records a client can look
// up by id implement `Node`, whose `node_id` is an opaque global id, and `node(id)` / `nodes(ids)`
// find any of them by it. The integer `id` stays the record's id in REST and in every argument
// that takes one; `node_id` is the GraphQL-wide name of the same record.
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { GraphQLResolveInfo } from 'graphql';
import { builder } from '../builder.ts';
import type { Context } from '../context.ts';
import { BadInputError, NotFoundError, formatFieldMessage } from '../errors.ts';
import { PAGE } from './pagination/bounds.ts';
import { recordsById, type RecordScope } from '../database/records.ts';
import { graphqlOnly } from './selection.ts';

const NODE_TYPE = Symbol('node type');
const scopes = new Map<string, RecordScope>();


/** The opaque global id of a record: base64url of `<Type>:<id>`. */
export function globalId(type: string, id: number): string {
  return Buffer.from(`${type}:${id}`).toString('base64url');
}

/** The type and integer id a global id names, or null when it names none of this API's records. */
function parseGlobalId(value: string): { type: string; id: number } | null {
  if (value.length > 64 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const match = /^([A-Za-z]+):([1-9]\d{0,9})$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match || !scopes.has(match[1]) || Number(match[2]) > 2_147_483_647) return null;
  return { type: match[1], id: Number(match[2]) };
}

export const NodeRef = builder.interfaceRef<{ id: number; [NODE_TYPE]?: string }>('Node').implement({
  description: 'A record with a global id: find it again with `node(id:)` whatever its type.',
  resolveType: (row) => row[NODE_TYPE] ?? null,
  fields: (t) => ({
    node_id: t.id({
      ...graphqlOnly,
      description: 'Global id of the record, unique across types: pass it to `node(id:)`. Opaque; the integer `id` stays the id REST and the arguments take.',
      resolve: (row, _args, _ctx, info) => globalId(info.parentType.name, row.id),
    }),
  }),
});

/**
 * Makes a Prisma object type a `Node`, found by `node(id:)` within `scope`; spread into its
 * `builder.prismaObject` options. The GraphQL type is named as its Prisma model.
 */
export function node(model: string, scope: RecordScope): { interfaces: [typeof NodeRef] } {
  scopes.set(model, scope);
  return { interfaces: [NodeRef] };
}

/**
 * Records by global id, in the order asked, null where an id names no record of the asking
 * company: one statement per type asked for, whatever the number of ids.
 */
async function findNodes(ctx: Context, info: GraphQLResolveInfo, values: readonly string[]): Promise<({ id: number; [NODE_TYPE]: string } | null)[]> {
  const parsed = values.map(parseGlobalId);
  const byType = new Map<string, number[]>();
  for (const p of parsed) if (p) byType.set(p.type, [...(byType.get(p.type) ?? []), p.id]);
  const found = new Map<string, Map<number, { id: number }>>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => found.set(type, await recordsById(type, queryFromInfo({ context: ctx, info, typeName: type }), scopes.get(type)!(ctx), ids))),
  );
  return parsed.map((p) => {
    const row = p && found.get(p.type)?.get(p.id);
    return row ? { ...row, [NODE_TYPE]: p.type } : null;
  });
}

builder.queryFields((t) => ({
  node: t.field({
    type: NodeRef,
    nullable: true,
    description: 'One record by its global id (`node_id`); an unknown id, or a record of another company, is null with a NOT_FOUND error.',
    args: { id: t.arg.id({ required: true, description: 'The global id (`node_id`).' }) },
    resolve: async (_root, args, ctx, info) => {
      const [row] = await findNodes(ctx, info, [String(args.id)]);
      if (!row) throw new NotFoundError();
      return row;
    },
  }),
  nodes: t.field({
    type: [NodeRef],
    nullable: { list: false, items: true },
    description: 'Records by global id, in the order asked; each unknown id, or record of another company, is null.',
    args: { ids: t.arg.idList({ required: true, description: `Global ids (\`node_id\`), at most ${PAGE.maxLimit}.` }) },
    resolve: async (_root, args, ctx, info) => {
      if (args.ids.length > PAGE.maxLimit) throw new BadInputError([{ name: 'ids', message: formatFieldMessage('tooMany', PAGE.maxLimit) }]);
      return findNodes(ctx, info, args.ids.map(String));
    },
  }),
}));
