// The object types of a page read by cursor (Relay cursor connections; docs/graphql.md, "Cursor
// pagination" and "Links"): `PageInfo`, and each connection's `<Name>Edge` and `<Name>Connection`
// (`edges`, `pageInfo`, and the fields a kind of connection adds), answered from a `Connection`
// (./page.ts).
import type { FieldMap } from '@pothos/core';
import { builder, namedTypeField, type BuilderTypes } from '../../builder.ts';
import { pageInfoOf, type Connection, type Edge, type PageInfoShape } from './page.ts';

export const PageInfo = builder.objectRef<PageInfoShape>('PageInfo').implement({
  description: 'Where a page of a connection stands (Relay cursor connections).',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'Whether rows follow this page: pass `endCursor` as `after` to read them.' }),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage', { description: 'Whether this page was read `after` a cursor (rows come before it).' }),
    startCursor: t.exposeString('startCursor', { nullable: true, description: 'Cursor of the first row of the page (null when the page is empty).' }),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Cursor of the last row of the page (null when the page is empty).' }),
  }),
});

/** The field builder of a connection object whose field resolvers are handed `S`. */
type ConnectionFieldBuilder<S> = PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, S>;

/** A connection's object types: their names, descriptions and the fields its kind adds. */
export interface ConnectionObjects<S extends Connection<unknown>> {
  /** Names `<name>Edge` and `<name>Connection`. */
  name: string;
  /** The object type of the nodes: a Prisma model. */
  node: string;
  description: string;
  edgeDescription: string;
  edgesDescription: string;
  /** Fields after `edges` and `pageInfo` (a root connection's counts). */
  fields?: (t: ConnectionFieldBuilder<S>) => FieldMap;
}

/** Declares `<name>Edge` and `<name>Connection`; answers the connection type. */
export function connectionObjects<S extends Connection<unknown>>(spec: ConnectionObjects<S>) {
  const EdgeObject = builder.objectRef<Edge<unknown>>(`${spec.name}Edge`).implement({
    description: spec.edgeDescription,
    fields: (t) => ({
      cursor: t.exposeString('cursor', { description: 'Opaque cursor of this row: pass it as `after` to read the rows that follow it.' }),
      // The model is named at run time (graph/builder.ts, `namedTypeField`); the node was loaded with the selection of `edges.node`.
      node: namedTypeField(t, { type: spec.node, description: 'The row.', resolve: (edge: Edge<unknown>) => edge.node }),
    }),
  });
  return builder.objectRef<S>(`${spec.name}Connection`).implement({
    description: spec.description,
    fields: (t) => ({
      edges: t.field({ type: [EdgeObject], description: spec.edgesDescription, resolve: (c) => c.edges }),
      pageInfo: t.field({ type: PageInfo, description: 'Whether more rows follow, and the cursors of the page.', resolve: (c) => pageInfoOf(c) }),
      ...spec.fields?.(t),
    }),
  });
}
