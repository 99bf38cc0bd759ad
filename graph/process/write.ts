// Process writes through the write path (docs/decisions/010-write-path.md): upserts keyed by reference code, the shipment tree replaced exactly, lifecycle and costs transitions.
import { type Tx, write as inTransaction } from '../database/transaction.ts';
import type { GraphQLResolveInfo } from 'graphql';
import { Prisma } from '../../prisma/generated/client/client.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { costsLifecycle, recordLifecycle, softDelete as softDeleteRow, transition as applyTransition } from '../database/lifecycle.ts';
import { lockKeys, lockRoots, lockRootsByKey } from '../database/locks.ts';
import { insertAll, insertRows, updateRows } from '../database/set-rows.ts';
import { readNfe, type NfeFacts } from '../nfe.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { syncShipmentTracking } from './shipment/tracking.ts';
import { warn } from '../schema-helpers/payload.ts';
import { childTasks, validateNode, writeForest, type RefUse, type WriteTask } from './shipment/engine.ts';
import { checkRefs } from './shipment/refs.ts';
import { shipLines } from '../order/balance.ts';
import { emptyPlan, lockShipping, resolveOrderLines, shippingOf, type ShippedItem, type StoredShipping } from './shipment/order-lines.ts';
import { actorOf, validateHandlers, type ResolvedHandler } from '../actor/handlers.ts';
import { refFields, shipmentHooks } from './shipment/validation.ts';
import { linkedOrderIds, namedOrders, type NamedOrders } from './linked-orders.ts';
import { storedSelect, type Stored, type ProcessBy, requireOperation, findLiveProcess, type ProcessInput, processNode } from './stored.ts';

interface Prepared {
  orderIds?: number[];
  invoices?: NfeFacts[];
  handlers?: ResolvedHandler[];
}

/** Validates one process write (a create when `existing` is null); problems go to `errors` under `prefix`. */
async function validate(
  db: Tx,
  info: GraphQLResolveInfo,
  companyId: number,
  operationId: number,
  existing: Stored | null,
  params: ProcessInput,
  errors: FieldErrors,
  refs: RefUse[],
  orders: NamedOrders,
  prefix = '',
  checkClash = true,
): Promise<Prepared> {
  const out: Prepared = {};
  const code = params.reference_code;
  const blank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');
  if (existing ? code !== undefined && blank(code) : code === undefined || blank(code)) errors.add(`${prefix}reference_code`, fieldMessages.blank);
  else if (checkClash && code && code !== existing?.reference_code) {
    const clash = await db.process.findFirst({
      where: { company_id: companyId, operation_id: operationId, reference_code: code, deleted_at: null },
      select: { id: true },
    });
    if (clash) errors.add(`${prefix}reference_code`, fieldMessages.taken);
  }
  if (params.cost_model_version_id != null) refs.push({ kind: 'costModelVersion', id: params.cost_model_version_id, name: `${prefix}cost_model_version_id` });
  out.orderIds = linkedOrderIds(params, orders, errors, prefix);
  if (params.brazilian_invoices !== undefined) {
    out.invoices = [];
    (params.brazilian_invoices ?? []).forEach((b64, i) => {
      const facts = readNfe(b64);
      if (!facts) errors.add(`${prefix}brazilian_invoices.${i}`, fieldMessages.invalid);
      else out.invoices!.push(facts);
    });
  }
  out.handlers = await validateHandlers(db, info, companyId, operationId, params, existing?.handlers ?? [], errors, prefix);
  validateNode(processNode, params, existing, prefix, errors, refs, refFields, shipmentHooks);
  return out;
}

function scalarData(params: ProcessInput): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const k of ['reference_code', 'cost_model_version_id', 'lead_time_datetime_reference'] as const) if (params[k] !== undefined) data[k] = params[k];
  if (params.alert_level !== undefined) data.alert_level = params.alert_level ?? 'NORMAL';
  if (params.extra_fields !== undefined) data.extra_fields = params.extra_fields ?? Prisma.DbNull;
  return data;
}

/**
 * Writes validated processes by set (docs/decisions/010-write-path.md, "Writes by set"): the new
 * ones in one insert, the stored ones in one update, their order links and Brazilian invoices
 * in one delete and one insert each; handler entries, sent rarely, process by process. The
 * nested parts are queued in `tasks` (written together by the caller).
 */
async function writeProcesses(db: Tx, companyId: number, operationId: number, list: ProcessInput[], targets: (Stored | null)[], prepared: Prepared[], tasks: WriteTask[]) {
  const fresh = list.flatMap((params, i) => (targets[i] ? [] : [i]));
  const created = await insertRows<{ id: number; reference_code: string }>(
    db,
    'processes',
    fresh.map((i) => ({ ...scalarData(list[i]), company_id: companyId, operation_id: operationId })),
    ['reference_code'],
    { stamp: ['updated_at'] },
  );
  // Every stored process written is touched, even with no column of its own sent.
  await updateRows(db, 'processes', list.flatMap((params, i) => (targets[i] ? [{ ...scalarData(params), company_id: companyId, id: targets[i]!.id }] : [])), { stamp: ['updated_at'] });
  const createdAt = new Map(fresh.map((i, k) => [i, created[k]]));
  const keys = list.map((params, i) =>
    targets[i] ? { id: targets[i]!.id, reference_code: (params.reference_code as string | undefined) ?? targets[i]!.reference_code } : createdAt.get(i)!,
  );
  const replaced = <T,>(pick: (p: Prepared) => T[] | undefined) => list.flatMap((_, i) => (pick(prepared[i]) ? [{ i, rows: pick(prepared[i])! }] : []));
  const links = replaced((p) => p.orderIds);
  const stale = (sent: { i: number }[]) => sent.filter(({ i }) => targets[i]).map(({ i }) => keys[i].id);
  if (stale(links).length) await db.processOrder.deleteMany({ where: { company_id: companyId, process_id: { in: stale(links) } } });
  const orderRows = links.flatMap(({ i, rows }) => rows.map((order_id) => ({ company_id: companyId, process_id: keys[i].id, order_id })));
  await insertAll(db, 'process_orders', orderRows);
  const invoices = replaced((p) => p.invoices);
  if (stale(invoices).length) await db.brazilianInvoice.deleteMany({ where: { company_id: companyId, process_id: { in: stale(invoices) } } });
  const invoiceRows = invoices.flatMap(({ i, rows }) => rows.map((f) => ({ ...f, company_id: companyId, process_id: keys[i].id })));
  await insertAll(db, 'brazilian_invoices', invoiceRows);
  for (const [i, p] of prepared.entries()) {
    if (!p.handlers) continue;
    const processId = keys[i].id;
    const entries = p.handlers;
    if (targets[i]) await db.processHandler.deleteMany({ where: { company_id: companyId, process_id: processId, role: { notIn: entries.map((e) => e.role) } } });
    for (const e of entries) {
      const actor_id = await actorOf(db, companyId, e);
      await db.processHandler.upsert({
        where: { company_id_process_id_role: { company_id: companyId, process_id: processId, role: e.role } },
        create: { company_id: companyId, process_id: processId, role: e.role, operation_handler_id: e.operation_handler_id, actor_id, ...e.fields },
        update: { operation_handler_id: e.operation_handler_id, actor_id, ...e.fields },
      });
    }
  }
  for (const [i, params] of list.entries()) tasks.push(...childTasks(processNode, params, targets[i], keys[i].id));
  return keys;
}

/**
 * The order lines the stored items of the processes written ship, where the write replaces
 * those items (sends `foreign_trade_shipment.items`, or drops the shipment): their shipped
 * quantity changes with the write (graph/order/balance.ts, `shipLines`).
 */
function replacedShipping(list: ProcessInput[], targets: (Stored | null)[]): StoredShipping {
  const items = list.flatMap((params, i) => {
    const sent = params.foreign_trade_shipment as { items?: unknown } | null | undefined;
    const stored = targets[i]?.foreign_trade_shipment as { items: ShippedItem[] } | null | undefined;
    return stored && (sent === null || (sent && sent.items !== undefined)) ? stored.items : [];
  });
  return shippingOf(items);
}

/** Which processes a write changes: one found by id or reference code, or a batch upserted by reference code. */
type Target = { by: ProcessBy } | { upsert: true };

/** The advisory-lock keys of processes: a reference code is unique within its operation. */
const processKeys = (operationId: number, codes: readonly string[]) => codes.map((c) => `${operationId}:${c}`);

/**
 * Validates and writes processes in one transaction through the write path
 * (docs/decisions/010-write-path.md): key locks of the reference codes written (sorted, one
 * statement), then row locks of the stored processes, then every read and write. A POST is an
 * upsert of one (prefix ''), a PUT of the list an upsert of many (prefixes `0.`, `1.` ...).
 */
export async function saveAll(ctx: Context, info: GraphQLResolveInfo, operationId: number, list: ProcessInput[], target: Target, prefixOf: (i: number) => string) {
  const companyId = ctx.company.id;
  // Loaded before the transaction: with one embedded connection a read outside it would wait on it.
  await referenceCodes();
  const written = await inTransaction(
    async (db) => {
      await requireOperation(db, companyId, operationId);
      const codes = list.map((p) => p.reference_code).filter((c): c is string => typeof c === 'string' && c.trim() !== '');
      await lockKeys(db, companyId, 'process', processKeys(operationId, codes));
      const scope = { company_id: companyId, operation_id: operationId };
      let stored = new Map<string, Stored>();
      let single: Stored | null = null;
      if ('by' in target) {
        if (!(await lockRoots(db.process, { ...scope, ...target.by }))) throw new NotFoundError();
        single = await findLiveProcess(db, companyId, operationId, target.by);
      } else if (codes.length) {
        await lockRootsByKey(db, 'processes', 'reference_code', scope, codes);
        const rows = await db.process.findMany({ where: { ...scope, reference_code: { in: codes }, deleted_at: null }, select: storedSelect });
        stored = new Map(rows.map((r) => [r.reference_code, r]));
      }
      const errors = new FieldErrors();
      const refs: RefUse[] = [];
      const targets: (Stored | null)[] = [];
      const prepared: Prepared[] = [];
      const seen = new Set<string>();
      const orders = await namedOrders(db, companyId, operationId, list);
      for (const [i, params] of list.entries()) {
        const existing = single ?? (params.reference_code ? (stored.get(params.reference_code) ?? null) : null);
        targets.push(existing);
        // An upsert has read every stored process of its codes: a new one cannot clash.
        prepared.push(await validate(db, info, companyId, operationId, existing, params, errors, refs, orders, prefixOf(i), 'by' in target));
        const code = params.reference_code ?? existing?.reference_code;
        if (code) {
          if (seen.has(code)) errors.add(`${prefixOf(i)}reference_code`, fieldMessages.taken);
          seen.add(code);
        }
      }
      await checkRefs(db, companyId, refs, errors);
      const released = replacedShipping(list, targets);
      const shipped = await resolveOrderLines(
        db,
        companyId,
        list.map((params, i) => ({
          prefix: prefixOf(i),
          processId: targets[i]?.id ?? null,
          orderIds: prepared[i].orderIds,
          items: (params.foreign_trade_shipment as { items?: Record<string, unknown>[] | null } | null | undefined)?.items,
        })),
        errors,
        released,
      );
      errors.throwIfAny();
      const tasks: WriteTask[] = [];
      const keys = await writeProcesses(db, companyId, operationId, list, targets, prepared, tasks);
      await writeForest(db, companyId, tasks);
      await shipLines(db, companyId, shipped, errors, released.lines);
      errors.throwIfAny();
      const replaced = await syncShipmentTracking(
        db,
        companyId,
        keys.map((k, i) => ({ processId: k.id, sentEta: (list[i].foreign_trade_shipment as { eta?: Date | string | null } | null | undefined)?.eta, prefix: prefixOf(i) })),
      );
      return { keys, replaced };
    },
    { uniqueField: 'reference_code', timeout: 120_000 },
  );
  for (const prefix of written.replaced) {
    warn(ctx, {
      field: `${prefix}foreign_trade_shipment.eta`,
      code: 'ETA_FROM_TRACKING',
      message: "The ETA sent was replaced by the ETA tracking found, from the carrier's events or the followed vessel's current voyage: automatic tracking is on (eta_source says which).",
    });
  }
  return written.keys;
}

type Query = { select?: unknown; include?: unknown };
const byKey = (companyId: number, id: number) => ({ company_id_id: { company_id: companyId, id } });

export async function readOne(query: Query, companyId: number, id: number) {
  return prisma().process.findUniqueOrThrow({ ...(query as object), where: byKey(companyId, id) });
}

export type Action = 'finish' | 'cancel' | 'uncancel';

/**
 * Applies a lifecycle action (docs/decisions/010-write-path.md) with one conditional update: of
 * concurrent callers exactly one wins. Canceling takes the process's items off its order lines,
 * bringing it back ships them again and they must fit the lines' balances (docs/orders.md, balance).
 */
export async function transition(ctx: Context, operationId: number, by: ProcessBy, action: Action) {
  return inTransaction(async (db) => {
    await requireOperation(db, ctx.company.id, operationId);
    const shipping = action === 'finish' ? null : await lockShipping(db, ctx.company.id, operationId, by);
    await applyTransition(db.process, recordLifecycle, action, { company_id: ctx.company.id, operation_id: operationId, ...by });
    if (shipping) {
      const errors = new FieldErrors();
      await shipLines(db, ctx.company.id, action === 'uncancel' ? shipping.plan : emptyPlan(), errors, shipping.lines);
      errors.throwIfAny();
    }
    return (await findLiveProcess(db, ctx.company.id, operationId, by)).id;
  });
}

/** Closes or reopens the costs of a process with one conditional update. */
export async function setCosts(ctx: Context, operationId: number, by: ProcessBy, close: boolean) {
  return inTransaction(async (db) => {
    await requireOperation(db, ctx.company.id, operationId);
    await applyTransition(db.process, costsLifecycle, close ? 'close' : 'reopen', { company_id: ctx.company.id, operation_id: operationId, ...by });
    return (await findLiveProcess(db, ctx.company.id, operationId, by)).id;
  });
}


/**
 * Soft-deletes a process with one conditional update (a second caller gets 404) and answers it
 * as deleted; its items no longer ship from their order lines (docs/orders.md, balance).
 */
export async function softDelete(query: Query, ctx: Context, operationId: number, by: ProcessBy) {
  const id = await inTransaction(async (db) => {
    await requireOperation(db, ctx.company.id, operationId);
    const shipping = await lockShipping(db, ctx.company.id, operationId, by);
    if (!shipping) throw new NotFoundError();
    await softDeleteRow(db.process, { company_id: ctx.company.id, id: shipping.id });
    await shipLines(db, ctx.company.id, emptyPlan(), new FieldErrors(), shipping.lines);
    return shipping.id;
  });
  return readOne(query, ctx.company.id, id);
}
