// A small engine for the nested data of a process (the foreign trade shipment tree, audit
// items, cost model versions...): each node is declared once (graph/process/shipment/spec.ts) and
// the GraphQL object, the `<Node>Params` input, the validation (required fields, ids of
// nested entries) and the writes (nested lists replaced matching children by id) are all
// derived from that declaration. prisma/schema/shipment.prisma mirrors it table for table.

import type { Fields } from '../../schema-helpers/fields.ts';

export interface NodeDef {
  /** Prisma model and GraphQL object name (graph/process/shipment/objects.ts); the input is `<name>Params`. */
  name: string;
  table: string;
  desc: string;
  /** Column holding the parent's id. */
  parentKey: string;
  /** One per parent (an object field) rather than a list. */
  single: boolean;
  /** Its columns, declared as catalogue fields (graph/schema-helpers/fields.ts). */
  fields: Fields;
  children: Record<string, NodeDef>;
  /** Child lists that are required (not empty) on create. */
  requiredLists?: string[];
}

export function node(
  name: string,
  table: string,
  desc: string,
  parentKey: string,
  single: boolean,
  fields: Fields,
  children: Record<string, NodeDef> = {},
): NodeDef {
  return { name, table, desc, parentKey, single, fields, children };
}

/** Every node of a tree, parents first. */
export function walk(root: NodeDef): NodeDef[] {
  return [root, ...Object.values(root.children).flatMap(walk)];
}
