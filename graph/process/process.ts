// Processes (field catalogue 3.3): an import or export process of an operation with its
// foreign trade shipment (graph/process/shipment/types.ts), linked orders, Brazilian invoices,
// handler entries, checklist and extra fields; lifecycle as in DECISIONS.md.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { GraphQLResolveInfo } from 'graphql';
import { Prisma } from '../../prisma/generated/client/client.ts';
import type { BusinessRole } from '../../prisma/generated/client/enums.ts';
import { AlertLevel } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { costsLifecycle, recordLifecycle, softDelete as softDeleteRow, transition as applyTransition } from '../kit/lifecycle.ts';
import { lockKeys, lockRoots } from '../kit/locks.ts';
import { write as inTransaction } from '../kit/transaction.ts';
import { readNfe, type NfeFacts } from '../nfe.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { listField, searchColumns } from '../kit/list.ts';
import { syncShipmentTracking } from './shipment/tracking.ts';
import { childTasks, idSelect, validateNode, writeForest, type IdTree, type RefUse, type WriteTask } from './shipment/engine.ts';
import { node } from './shipment/nodes.ts';
import { checkRefs } from './shipment/refs.ts';
import { auditItem, shipment } from './shipment/spec.ts';
import { required } from '../kit/required.ts';
import { HandlerMapParams, HandlerParams, handlerRoles, actorOf, validateHandlers, type HandlerInput, type ResolvedHandler } from '../actor/handlers.ts';
import { AuditItemParams, ShipmentParams, refFields, shipmentHooks } from './shipment/types.ts';

type Tx = Prisma.TransactionClient;

export const AlertLevelEnum = builder.enumType(AlertLevel, {
  name: 'AlertLevel',
  description: 'How much attention a process needs: NORMAL (default), WARNING or DANGER.',
});

/** The nested parts of a process that the node engine validates and writes. */
const processNode = node('Process', 'processes', 'A process.', 'operation_id', false, {}, {
  foreign_trade_shipment: shipment,
  audit_items: auditItem,
});

/** What a process is sent as (create, update, upsert element). */
export type ProcessInput = Record<string, unknown> & {
  reference_code?: string | null;
  alert_level?: AlertLevel | null;
  cost_model_version_id?: number | null;
  lead_time_datetime_reference?: Date | null;
  order_ids?: number[] | null;
  order_reference_codes?: string[] | null;
  brazilian_invoices?: string[] | null;
  handler?: Record<string, HandlerInput | null> | null;
  handlers?: HandlerInput[] | null;
  extra_fields?: Record<string, unknown> | null;
};

/** A stored process as validation and writes need it. */
type Stored = IdTree & {
  operation_id: number;
  reference_code: string;
  finished_at: Date | null;
  canceled_at: Date | null;
  costs_closed_at: Date | null;
  cost_model_version_id: number | null;
  handlers: { id: number; role: BusinessRole; operation_handler_id: number; actor_id: number }[];
};

const storedSelect = {
  id: true,
  operation_id: true,
  reference_code: true,
  finished_at: true,
  canceled_at: true,
  costs_closed_at: true,
  cost_model_version_id: true,
  handlers: { select: { id: true, role: true, operation_handler_id: true, actor_id: true } },
  foreign_trade_shipment: { select: idSelect(shipment) },
  audit_items: { select: { id: true } },
} as const;

export type ProcessBy = { id: number } | { reference_code: string };

/** The operation of the company, or NotFound. */
export async function requireOperation(db: Tx, companyId: number, operationId: number): Promise<void> {
  const op = await db.operation.findFirst({ where: { company_id: companyId, id: operationId }, select: { id: true } });
  if (!op) throw new NotFoundError();
}

/** The live process of the operation by id or reference code, or NotFound (another company's too). */
export async function findLiveProcess(db: Tx, companyId: number, operationId: number, by: ProcessBy): Promise<Stored> {
  const row = await db.process.findFirst({
    where: { company_id: companyId, operation_id: operationId, deleted_at: null, ...by },
    select: storedSelect,
  });
  if (!row) throw new NotFoundError();
  return row as unknown as Stored;
}

const ProcessHandlerRef = builder.prismaObject('ProcessHandler', {
  description: 'A handler entry: the actor filling one role slot (operation handler) of the process.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier of the entry.' }),
    business_unit: t.exposeString('business_unit', { nullable: true, description: "The actor's business unit handling the process." }),
    reference: t.exposeString('reference', { nullable: true, description: "The actor's own reference, such as a broker's file number." }),
    secondary_reference: t.exposeString('secondary_reference', { nullable: true, description: 'A second reference.' }),
    actor: t.relation('actor', { description: 'The actor that plays the role.' }),
    operation_handler: t.relation('operation_handler', { description: 'The role slot this entry fills (`id`, `role`).' }),
  }),
});

const ProcessHandlerMap = builder.prismaObject('Process', {
  variant: 'ProcessHandlerMap',
  description: 'Handler entries of the process keyed by lower-case role; a role without an entry is null.',
  fields: (t) =>
    Object.fromEntries(
      handlerRoles.map(({ role, key }) => [
        key,
        t.field({
          type: ProcessHandlerRef,
          nullable: true,
          description: `The ${role.toLowerCase().replace(/_/g, ' ')}.`,
          select: (_args, _ctx, nested) => ({ handlers: nested({ orderBy: { id: 'asc' as const } }) }),
          resolve: (p) => ((p as unknown as { handlers: { role: BusinessRole }[] }).handlers.find((h) => h.role === role) ?? null) as never,
        }),
      ]),
    ),
});

const ProcessOrderRef = builder.prismaObject('Order', {
  variant: 'ProcessOrderLink',
  description: 'An order linked to the process.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Order id.' }),
    reference_code: t.exposeString('reference_code', { description: 'Order reference code.' }),
  }),
});

builder.prismaObject('BrazilianInvoice', {
  description: 'A Brazilian invoice (NF-e) XML file of the process, with what was read from it.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    access_key: t.exposeString('access_key', { nullable: true, description: 'The 44-digit invoice access key (chave de acesso), when present.' }),
    number: t.exposeString('number', { nullable: true, description: 'Invoice number (nNF), when present.' }),
    issuer_cnpj: t.exposeString('issuer_cnpj', { nullable: true, description: 'CNPJ of the issuer (emit), when present.' }),
    total_value: t.expose('total_value', { type: 'Decimal', nullable: true, description: 'Invoice total (vNF), when present.' }),
    xml: t.exposeString('xml', { description: 'The XML file as received.' }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When it was received.' }),
  }),
});

export const ProcessRef = builder.prismaObject('Process', {
  description: 'An import or export process of an operation.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    operation: t.relation('operation', { description: 'The operation of the process.' }),
    reference_code: t.exposeString('reference_code', { description: 'Your process number, unique among the live processes of the operation.' }),
    alert_level: t.expose('alert_level', { type: AlertLevelEnum, description: 'Alert level.' }),
    cost_model_version_id: t.exposeInt('cost_model_version_id', { nullable: true, description: 'The cost model version the costs follow.' }),
    cost_model_version: t.relation('cost_model_version', { nullable: true, description: 'The cost model version (id, version, cost model).' }),
    lead_time_datetime_reference: t.expose('lead_time_datetime_reference', { type: 'DateTime', nullable: true, description: 'Reference date-time of lead times.' }),
    orders: t.field({
      type: [ProcessOrderRef],
      description: 'The linked orders (id, reference_code).',
      select: (_args, _ctx, nested) => ({ order_links: { select: { order: nested() }, orderBy: { order_id: 'asc' } } }),
      resolve: (p) => (p as unknown as { order_links: { order: never }[] }).order_links.map((l) => l.order),
    }),
    handler: t.variant(ProcessHandlerMap, { description: 'Handler entries keyed by lower-case role.' }),
    handlers: t.relation('handlers', { description: 'Deprecated: the handler entries as a flat list.', query: { orderBy: { id: 'asc' } } }),
    brazilian_invoices: t.relation('brazilian_invoices', { description: 'Brazilian invoices (NF-e).', query: { orderBy: { id: 'asc' } } }),
    foreign_trade_shipment: t.relation('foreign_trade_shipment', { nullable: true, description: 'The foreign trade shipment.' }),
    audit_items: t.relation('audit_items', { description: 'The checklist of the process.', query: { orderBy: { id: 'asc' } } }),
    documents: t.relation('documents', { description: 'Documents attached to the process.', query: { where: { deleted_at: null }, orderBy: { id: 'asc' } } }),
    cost_per_expenses: t.relation('cost_per_expenses', { description: 'Costs per expense of the process.', query: { orderBy: { id: 'asc' } } }),
    costs_closed_at: t.expose('costs_closed_at', { type: 'DateTime', nullable: true, description: 'When the costs were closed; null while open.' }),
    extra_fields: t.expose('extra_fields', { type: 'JSONObject', nullable: true, description: 'Your own free-form data.' }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the process was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the process last changed.' }),
    finished_at: t.expose('finished_at', { type: 'DateTime', nullable: true, description: 'When the process was finished.' }),
    canceled_at: t.expose('canceled_at', { type: 'DateTime', nullable: true, description: 'When the process was canceled.' }),
    deleted_at: t.expose('deleted_at', { type: 'DateTime', nullable: true, description: 'When the process was deleted.' }),
  }),
});

export const ProcessParams = builder.inputType('ProcessParams', {
  description: 'Process fields; only `reference_code` is required when a process is created. Fields left out on an update are kept.',
  fields: (t) => ({
    reference_code: t.string(required('Your process number; unique among the live processes of the operation and the key of upserts.')),
    alert_level: t.field({ type: AlertLevelEnum, description: 'Alert level (NORMAL when created without one).' }),
    cost_model_version_id: t.int({ description: 'The cost model version the costs follow.' }),
    lead_time_datetime_reference: t.field({ type: 'DateTime', description: 'Reference date-time of lead times.' }),
    order_ids: t.intList({ description: 'Linked orders by id; replaces the linked orders. Send this or order_reference_codes.' }),
    order_reference_codes: t.stringList({ description: 'Linked orders by reference code; replaces the linked orders. Send this or order_ids.' }),
    brazilian_invoices: t.stringList({ description: 'Brazilian invoice (NF-e) XML files, each Base64-encoded; replaces the stored list.' }),
    foreign_trade_shipment: t.field({ type: ShipmentParams, description: 'The foreign trade shipment; fields left out are kept, nested lists sent replace the stored ones.' }),
    handler: t.field({ type: HandlerMapParams, description: 'Handler entries keyed by lower-case role; replaces the stored entries.' }),
    handlers: t.field({ type: [HandlerParams], description: 'Deprecated: handler entries as a flat list.' }),
    audit_items: t.field({ type: [AuditItemParams], description: 'The checklist; replaces the stored items, matching them by id.' }),
    extra_fields: t.field({ type: 'JSONObject', description: 'Your own free-form data (a JSON object); replaces the stored object, null removes it.' }),
  }),
});

const ProcessFilters = builder.inputType('ProcessFilters', {
  description: 'Exact-match filters of the process list.',
  fields: (t) => ({
    reference_code: t.string({ description: 'Reference code.' }),
    alert_level: t.field({ type: AlertLevelEnum, description: 'Alert level.' }),
  }),
});

const sortable = ['id', 'reference_code', 'alert_level', 'inserted_at', 'updated_at', 'finished_at', 'canceled_at', 'lead_time_datetime_reference'] as const;
const nullableSortable = new Set(['finished_at', 'canceled_at', 'lead_time_datetime_reference']);

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
  if (params.order_ids != null && params.order_reference_codes != null) errors.add(`${prefix}order_reference_codes`, fieldMessages.invalid);
  else if (params.order_ids != null) {
    const rows = params.order_ids.length
      ? await db.order.findMany({ where: { company_id: companyId, operation_id: operationId, deleted_at: null, id: { in: params.order_ids } }, select: { id: true } })
      : [];
    const found = new Set(rows.map((r) => r.id));
    params.order_ids.forEach((id, i) => found.has(id) || errors.add(`${prefix}order_ids.${i}`, fieldMessages.missing));
    out.orderIds = [...found];
  } else if (params.order_reference_codes != null) {
    const rows = params.order_reference_codes.length
      ? await db.order.findMany({
          where: { company_id: companyId, operation_id: operationId, deleted_at: null, reference_code: { in: params.order_reference_codes } },
          select: { id: true, reference_code: true },
        })
      : [];
    const byCode = new Map(rows.map((r) => [r.reference_code, r.id]));
    params.order_reference_codes.forEach((c, i) => byCode.has(c) || errors.add(`${prefix}order_reference_codes.${i}`, fieldMessages.missing));
    out.orderIds = [...new Set(byCode.values())];
  }
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

/** Writes a validated process; its nested parts are queued in `tasks` (written together by the caller). */
async function write(db: Tx, companyId: number, operationId: number, existing: Stored | null, params: ProcessInput, prepared: Prepared, tasks: WriteTask[]) {
  const data = scalarData(params);
  const key = existing
    ? await db.process.update({ where: { company_id_id: { company_id: companyId, id: existing.id } }, data, select: { id: true, reference_code: true } })
    : await db.process.create({
        data: { ...(data as Prisma.ProcessUncheckedCreateInput), company_id: companyId, operation_id: operationId },
        select: { id: true, reference_code: true },
      });
  const processId = key.id;
  if (prepared.orderIds) {
    if (existing) await db.processOrder.deleteMany({ where: { company_id: companyId, process_id: processId } });
    if (prepared.orderIds.length) {
      await db.processOrder.createMany({ data: prepared.orderIds.map((order_id) => ({ company_id: companyId, process_id: processId, order_id })) });
    }
  }
  if (prepared.invoices) {
    if (existing) await db.brazilianInvoice.deleteMany({ where: { company_id: companyId, process_id: processId } });
    if (prepared.invoices.length) {
      await db.brazilianInvoice.createMany({ data: prepared.invoices.map((f) => ({ ...f, company_id: companyId, process_id: processId })) });
    }
  }
  if (prepared.handlers) {
    const entries = prepared.handlers;
    if (existing) await db.processHandler.deleteMany({ where: { company_id: companyId, process_id: processId, role: { notIn: entries.map((e) => e.role) } } });
    for (const e of entries) {
      const actor_id = await actorOf(db, companyId, e);
      await db.processHandler.upsert({
        where: { company_id_process_id_role: { company_id: companyId, process_id: processId, role: e.role } },
        create: { company_id: companyId, process_id: processId, role: e.role, operation_handler_id: e.operation_handler_id, actor_id, ...e.fields },
        update: { operation_handler_id: e.operation_handler_id, actor_id, ...e.fields },
      });
    }
  }
  tasks.push(...childTasks(processNode, params, existing, processId));
  return key;
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
async function saveAll(ctx: Context, info: GraphQLResolveInfo, operationId: number, list: ProcessInput[], target: Target, prefixOf: (i: number) => string) {
  const companyId = ctx.company.id;
  // Loaded before the transaction: with one embedded connection a read outside it would wait on it.
  await referenceCodes();
  return inTransaction(
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
        await lockRoots(db.process, { ...scope, reference_code: { in: codes } });
        const rows = await db.process.findMany({ where: { ...scope, reference_code: { in: codes }, deleted_at: null }, select: storedSelect });
        stored = new Map((rows as unknown as Stored[]).map((r) => [r.reference_code, r]));
      }
      const errors = new FieldErrors();
      const refs: RefUse[] = [];
      const targets: (Stored | null)[] = [];
      const prepared: Prepared[] = [];
      const seen = new Set<string>();
      for (const [i, params] of list.entries()) {
        const existing = single ?? (params.reference_code ? (stored.get(params.reference_code) ?? null) : null);
        targets.push(existing);
        // An upsert has read every stored process of its codes: a new one cannot clash.
        prepared.push(await validate(db, info, companyId, operationId, existing, params, errors, refs, prefixOf(i), 'by' in target));
        const code = params.reference_code ?? existing?.reference_code;
        if (code) {
          if (seen.has(code)) errors.add(`${prefixOf(i)}reference_code`, fieldMessages.taken);
          seen.add(code);
        }
      }
      await checkRefs(db, companyId, refs, errors);
      errors.throwIfAny();
      const keys = [];
      const tasks: WriteTask[] = [];
      for (const [i, params] of list.entries()) keys.push(await write(db, companyId, operationId, targets[i], params, prepared[i], tasks));
      await writeForest(db, companyId, tasks);
      await syncShipmentTracking(db, companyId, keys.map((k) => k.id));
      return keys;
    },
    { uniqueField: 'reference_code', timeout: 120_000 },
  );
}

type Query = { select?: unknown; include?: unknown };
const byKey = (companyId: number, id: number) => ({ company_id_id: { company_id: companyId, id } });

async function readOne(query: Query, companyId: number, id: number) {
  return prisma().process.findUniqueOrThrow({ ...(query as object), where: byKey(companyId, id) });
}

type Action = 'finish' | 'cancel' | 'uncancel';

/** Applies a lifecycle action (docs/decisions/010-write-path.md) with one conditional update: of concurrent callers exactly one wins. */
async function transition(ctx: Context, operationId: number, by: ProcessBy, action: Action) {
  return inTransaction(async (db) => {
    await requireOperation(db, ctx.company.id, operationId);
    await applyTransition(db.process, recordLifecycle, action, { company_id: ctx.company.id, operation_id: operationId, ...by });
    return (await findLiveProcess(db, ctx.company.id, operationId, by)).id;
  });
}

/** Closes or reopens the costs of a process with one conditional update. */
async function setCosts(ctx: Context, operationId: number, by: ProcessBy, close: boolean) {
  return inTransaction(async (db) => {
    await requireOperation(db, ctx.company.id, operationId);
    await applyTransition(db.process, costsLifecycle, close ? 'close' : 'reopen', { company_id: ctx.company.id, operation_id: operationId, ...by });
    return (await findLiveProcess(db, ctx.company.id, operationId, by)).id;
  });
}

listField<{ operation_id: number; filters?: Record<string, unknown> | null }>({
  model: 'Process',
  field: 'processes',
  what: 'processes',
  description: 'Lists the live processes of an operation.',
  sortable,
  nullable: nullableSortable,
  search: searchColumns(['reference_code'], 'Case-insensitive substring of the reference code.'),
  args: (t) => ({
    operation_id: t.arg.int({ required: true, description: 'The operation.' }),
    filters: t.arg({ type: ProcessFilters, description: 'Exact-match filters.' }),
  }),
  where: async (args, ctx) => {
    await requireOperation(prisma(), ctx.company.id, args.operation_id);
    const filters = Object.fromEntries(Object.entries(args.filters ?? {}).filter(([, v]) => v != null));
    return { company_id: ctx.company.id, operation_id: args.operation_id, deleted_at: null, ...filters };
  },
});

builder.queryFields((t) => ({
  process: t.prismaField({
    type: 'Process',
    description: 'One live process by id.',
    args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), id: t.arg.int({ required: true, description: 'Process id.' }) },
    resolve: async (query, _root, args, ctx) => {
      const row = await prisma().process.findFirst({ ...query, where: { company_id: ctx.company.id, operation_id: args.operation_id, id: args.id, deleted_at: null } });
      if (!row) throw new NotFoundError();
      return row;
    },
  }),
  processByReferenceCode: t.prismaField({
    type: 'Process',
    description: 'One live process by reference code.',
    args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), reference_code: t.arg.string({ required: true, description: 'Process reference code.' }) },
    resolve: async (query, _root, args, ctx) => {
      const row = await prisma().process.findFirst({
        ...query,
        where: { company_id: ctx.company.id, operation_id: args.operation_id, reference_code: args.reference_code, deleted_at: null },
      });
      if (!row) throw new NotFoundError();
      return row;
    },
  }),
}));

const lifecycle = (action: Action, verb: string) => ({
  [`${action}Process`]: (t: any) =>
    t.prismaField({
      type: 'Process',
      description: `${verb} a process by id.`,
      args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), id: t.arg.int({ required: true, description: 'Process id.' }) },
      resolve: async (query: Query, _r: unknown, args: any, ctx: Context) => readOne(query, ctx.company.id, await transition(ctx, args.operation_id, { id: args.id }, action)),
    }),
  [`${action}ProcessByReferenceCode`]: (t: any) =>
    t.prismaField({
      type: 'Process',
      description: `${verb} a process by reference code.`,
      args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), reference_code: t.arg.string({ required: true, description: 'Process reference code.' }) },
      resolve: async (query: Query, _r: unknown, args: any, ctx: Context) =>
        readOne(query, ctx.company.id, await transition(ctx, args.operation_id, { reference_code: args.reference_code }, action)),
    }),
});

const lifecycleFields = {
  ...lifecycle('finish', 'Finishes (allowed when active)'),
  ...lifecycle('cancel', 'Cancels (allowed when active or finished)'),
  ...lifecycle('uncancel', 'Uncancels (allowed when canceled)'),
};

builder.mutationFields((t) => ({
  createProcess: t.prismaField({
    type: 'Process',
    description: 'Creates a process with its foreign trade shipment.',
    args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), params: t.arg({ type: ProcessParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const [key] = await saveAll(ctx, info, args.operation_id, [args.params as ProcessInput], { upsert: true }, () => '');
      return readOne(query, ctx.company.id, key.id);
    },
  }),
  upsertProcesses: t.prismaField({
    type: ['Process'],
    description: 'Creates or updates many processes keyed by reference_code within the operation, all or nothing.',
    args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), params: t.arg({ type: [ProcessParams], required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const keys = await saveAll(ctx, info, args.operation_id, args.params as ProcessInput[], { upsert: true }, (i) => `${i}.`);
      const rows = await prisma().process.findMany({ ...query, where: { company_id: ctx.company.id, id: { in: keys.map((k) => k.id) } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return keys.map((k) => byId.get(k.id)!);
    },
  }),
  updateProcess: t.prismaField({
    type: 'Process',
    description: 'Updates a process by id; fields left out are kept.',
    args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), id: t.arg.int({ required: true, description: 'Process id.' }), params: t.arg({ type: ProcessParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const [key] = await saveAll(ctx, info, args.operation_id, [args.params as ProcessInput], { by: { id: args.id } }, () => '');
      return readOne(query, ctx.company.id, key.id);
    },
  }),
  updateProcessByReferenceCode: t.prismaField({
    type: 'Process',
    description: 'Updates a process by reference code; fields left out are kept.',
    args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), reference_code: t.arg.string({ required: true, description: 'Process reference code.' }), params: t.arg({ type: ProcessParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const [key] = await saveAll(ctx, info, args.operation_id, [args.params as ProcessInput], { by: { reference_code: args.reference_code } }, () => '');
      return readOne(query, ctx.company.id, key.id);
    },
  }),
  deleteProcess: t.prismaField({
    type: 'Process',
    description: 'Deletes a process by id (soft delete: it answers 404 from then on).',
    args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), id: t.arg.int({ required: true, description: 'Process id.' }) },
    resolve: (query, _root, args, ctx) => softDelete(query, ctx, args.operation_id, { id: args.id }),
  }),
  deleteProcessByReferenceCode: t.prismaField({
    type: 'Process',
    description: 'Deletes a process by reference code (soft delete).',
    args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), reference_code: t.arg.string({ required: true, description: 'Process reference code.' }) },
    resolve: (query, _root, args, ctx) => softDelete(query, ctx, args.operation_id, { reference_code: args.reference_code }),
  }),
  closeProcessCosts: t.prismaField({
    type: 'Process',
    description: 'Closes the costs of a process (allowed when open); closed costs refuse changes.',
    args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), process_id: t.arg.int({ required: true, description: 'Process id.' }) },
    resolve: async (query, _root, args, ctx) => readOne(query, ctx.company.id, await setCosts(ctx, args.operation_id, { id: args.process_id }, true)),
  }),
  reopenProcessCosts: t.prismaField({
    type: 'Process',
    description: 'Reopens the costs of a process (allowed when closed).',
    args: { operation_id: t.arg.int({ required: true, description: 'The operation.' }), process_id: t.arg.int({ required: true, description: 'Process id.' }) },
    resolve: async (query, _root, args, ctx) => readOne(query, ctx.company.id, await setCosts(ctx, args.operation_id, { id: args.process_id }, false)),
  }),
  ...Object.fromEntries(Object.entries(lifecycleFields).map(([k, make]) => [k, make(t)])),
}));

/** Soft-deletes a process with one conditional update (a second caller gets 404) and answers it as deleted. */
async function softDelete(query: Query, ctx: Context, operationId: number, by: ProcessBy) {
  const id = await inTransaction(async (db) => {
    await requireOperation(db, ctx.company.id, operationId);
    const p = await findLiveProcess(db, ctx.company.id, operationId, by);
    await softDeleteRow(db.process, { company_id: ctx.company.id, id: p.id });
    return p.id;
  });
  return readOne(query, ctx.company.id, id);
}
