// Runtime of the node engine (graph/process/shipment/nodes.ts): GraphQL inputs, validation and
// writes derived from node declarations (the objects are written out in objects.ts).
import { Prisma } from '../../../prisma/generated/client/client.ts';
import type { InputFieldMap, InputObjectRef } from '@pothos/core';
import { builder, type BuilderTypes } from '../../builder.ts';
import { checkChildIds, planList } from '../../database/nested.ts';
import { FieldErrors, fieldMessages } from '../../errors.ts';
import { required } from '../../schema-helpers/required.ts';
import { codeNameOf, columnData, inputFields } from '../../schema-helpers/fields.ts';
import { insertRowsInOrder, updateRows, type Row } from '../../database/set-rows.ts';
import { modelDelegate } from '../../database/records.ts';
import type { NodeDef } from './nodes.ts';

type Tx = Prisma.TransactionClient;
type Params = Record<string, unknown>;
/** The ids of a stored tree: `{ id, child: {...} | null, list: [{...}] }`. */
export type IdTree = { id: number } & Record<string, unknown>;

/** Extra input fields per node. */
export type ExtraInputs = Record<string, (t: PothosSchemaTypes.InputFieldBuilder<BuilderTypes, 'InputObject'>) => InputFieldMap>;

/** The `<Node>Params` input of a node tree. */
export type NodeParams = InputObjectRef<BuilderTypes, Record<string, unknown>>;

/** Registers `<Node>Params` for every node of the tree; returns the root's input. */
export function registerInputs(root: NodeDef, extra: ExtraInputs = {}): NodeParams {
  const make = (n: NodeDef): NodeParams => {
    const childInputs = Object.fromEntries(Object.entries(n.children).map(([k, c]) => [k, make(c)]));
    return builder.inputType(`${n.name}Params`, {
      description: `${n.desc}${n.single ? '' : ' Send `id` to keep and update a stored entry; entries without `id` are created.'}`,
      fields: (t) => {
        const out: InputFieldMap = {};
        if (!n.single) out.id = t.int({ description: 'Id of a stored entry to keep and update.' });
        Object.assign(out, inputFields(t, n.fields));
        for (const [k, c] of Object.entries(n.children)) {
          const o = n.requiredLists?.includes(k) ? required(c.desc) : { description: c.desc };
          out[k] = c.single ? t.field({ ...o, type: childInputs[k] }) : t.field({ ...o, type: [childInputs[k]] });
        }
        return { ...out, ...(extra[n.name]?.(t) ?? {}) };
      },
    });
  };
  return make(root);
}

/** Prisma `select` of every id of a stored tree. */
export function idSelect(n: NodeDef): Record<string, unknown> {
  const s: Record<string, unknown> = { id: true };
  for (const [k, c] of Object.entries(n.children)) s[k] = { select: idSelect(c) };
  return s;
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** A reference to a row of another area, collected while validating and checked in one query per kind. */
export interface RefUse {
  kind: string;
  id: number | string;
  name: string;
  /**
   * For a route point: the route it must belong to, as sent (`id`) or, when left out, the
   * stored route of national road transport `transportId`.
   */
  route?: { id: number | null; transportId: number | null };
  /**
   * For a new `route_id` of a stored national road transport: the phases it keeps (those of
   * every stored trip when `tripIds` is null) must be points of route `id`.
   */
  keptPhases?: { transportId: number; tripIds: number[] | null };
  /** For a natural code sent in place of an id: where the id found is written (`params[key]`). */
  fill?: { params: Params; key: string };
}

/** Per-node hooks run before the checks (may fill in values, e.g. a transportable's type, or collect references). */
export type NodeHooks = Record<string, (params: Params, prefix: string, errors: FieldErrors, existing: IdTree | null, refs: RefUse[]) => void>;

/**
 * Validates params of node `n` (a create when `existing` is null, else an update of it):
 * required fields on create, never blank on update, ids of nested entries belonging to
 * their stored parent; references to other rows are collected in `refs`.
 */
export function validateNode(
  n: NodeDef,
  params: Params,
  existing: IdTree | null,
  prefix: string,
  errors: FieldErrors,
  refs: RefUse[],
  refFields: Record<string, string>,
  hooks: NodeHooks = {},
): void {
  hooks[n.name]?.(params, prefix, errors, existing, refs);
  for (const [k, fd] of Object.entries(n.fields)) {
    const v = params[k];
    if (fd.required && (existing ? v !== undefined && isBlank(v) : isBlank(v))) errors.add(`${prefix}${k}`, fieldMessages.blank);
    const kind = refFields[k];
    if (fd.code) {
      const codeName = codeNameOf(k);
      const code = params[codeName];
      if (typeof code === 'string') {
        if (v !== undefined && v !== null) errors.add(`${prefix}${codeName}`, fieldMessages.withId);
        else refs.push({ kind: fd.code.kind, id: code.trim().toUpperCase(), name: `${prefix}${codeName}`, fill: { params, key: k } });
        continue;
      }
      if (code === null && v === undefined) params[k] = null;
    }
    if (kind && v !== undefined && v !== null) {
      if (Array.isArray(v)) v.forEach((x, i) => refs.push({ kind, id: x as number, name: `${prefix}${k}.${i}` }));
      else refs.push({ kind, id: v as number | string, name: `${prefix}${k}` });
    }
  }
  for (const [k, c] of Object.entries(n.children)) {
    const v = params[k];
    if (n.requiredLists?.includes(k) && (existing ? v !== undefined && isBlank(v) : isBlank(v))) {
      errors.add(`${prefix}${k}`, fieldMessages.blank);
    }
    if (v === undefined || v === null) continue;
    if (c.single) {
      validateNode(c, v as Params, (existing?.[k] as IdTree | null) ?? null, `${prefix}${k}.`, errors, refs, refFields, hooks);
      continue;
    }
    const stored = (existing?.[k] as IdTree[] | undefined) ?? [];
    const list = v as Params[];
    const rejected = checkChildIds(list, new Set(stored.map((s) => s.id)), (i) => `${prefix}${k}.${i}.`, errors);
    list.forEach((entry, i) => {
      if (rejected.has(i)) return;
      const match = typeof entry.id === 'number' ? (stored.find((s) => s.id === entry.id) ?? null) : null;
      validateNode(c, entry, match, `${prefix}${k}.${i}.`, errors, refs, refFields, hooks);
    });
  }
}

/** The calls the writes make on a node's table. */
interface NodeDelegate {
  deleteMany(args: object): Promise<unknown>;
}
const delegateFor = (db: Tx, n: NodeDef) => modelDelegate<NodeDelegate>(n.name, db);

/** One node to write: a create when `existing` is null, else an update of it. */
export interface WriteTask {
  node: NodeDef;
  params: Params;
  existing: IdTree | null;
  parentId: number;
}

/**
 * Writes validated trees level by level: the new rows of one node type at one level are one
 * INSERT by set (graph/database/set-rows.ts, insertRowsInOrder: ids paired with the rows sent), removed children one DELETE per type,
 * kept rows one UPDATE per type and shape of row, so a batch costs statements per level and
 * node type rather than per row. Nested lists sent replace the stored ones, matching by id.
 */
export async function writeForest(db: Tx, companyId: number, tasks: WriteTask[]): Promise<void> {
  let level = tasks;
  while (level.length) {
    const next: WriteTask[] = [];
    const gone = new Map<NodeDef, number[]>();
    const drop = (n: NodeDef, ids: number[]) => ids.length && gone.set(n, [...(gone.get(n) ?? []), ...ids]);
    const ids: number[] = new Array(level.length);
    // Creates, grouped by node type, one statement each.
    const byNode = new Map<NodeDef, number[]>();
    level.forEach((t, i) => {
      if (!t.existing) byNode.set(t.node, [...(byNode.get(t.node) ?? []), i]);
    });
    for (const [n, idx] of byNode) {
      const written = await insertRowsInOrder(
        db,
        n.table,
        idx.map((i) => ({ ...columnData(n.fields, level[i].params), company_id: companyId, [n.parentKey]: level[i].parentId })),
      );
      idx.forEach((i, k) => (ids[i] = written[k]));
    }
    // Updates of kept rows, by table and shape of row (graph/database/set-rows.ts).
    const kept = new Map<NodeDef, Row[]>();
    for (const [i, t] of level.entries()) {
      if (!t.existing) continue;
      ids[i] = t.existing.id;
      const data = columnData(t.node.fields, t.params);
      if (!Object.keys(data).length) continue;
      // The parent key pins the update to the parent planned from (graph/database/set-rows.ts, `match`).
      kept.set(t.node, [...(kept.get(t.node) ?? []), { ...data, company_id: companyId, id: t.existing.id, [t.node.parentKey]: t.parentId }]);
    }
    for (const [n, rows] of kept) await updateRows(db, n.table, rows, { match: [n.parentKey] });
    // The next level: children sent, and stored children left out.
    for (const [i, t] of level.entries()) {
      for (const [k, c] of Object.entries(t.node.children)) {
        const v = t.params[k];
        if (v === undefined) continue;
        if (c.single) {
          const stored = (t.existing?.[k] as IdTree | null) ?? null;
          if (v === null) {
            if (stored) drop(c, [stored.id]);
          } else next.push({ node: c, params: v as Params, existing: stored, parentId: ids[i] });
          continue;
        }
        const plan = planList(
          (v as Params[] | null) ?? [],
          (t.existing?.[k] as IdTree[] | undefined) ?? [],
          (e) => (typeof e.id === 'number' ? e.id : null),
          (x) => x.id,
        );
        drop(c, plan.removed.map((x) => x.id));
        for (const e of plan.children) next.push({ node: c, params: e.sent, existing: e.stored, parentId: ids[i] });
      }
    }
    for (const [n, list] of gone) await delegateFor(db, n).deleteMany({ where: { company_id: companyId, id: { in: list } } });
    level = next;
  }
}

/** The tasks writing the nested parts of node `n` (row `id`) sent in `params`. */
export function childTasks(n: NodeDef, params: Params, existing: IdTree | null, id: number): WriteTask[] {
  // The node itself is already written: a task on it with no columns only walks its children.
  return [{ node: { ...n, fields: {} }, params, existing: existing ?? { id }, parentId: 0 }];
}
