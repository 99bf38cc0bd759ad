// A stored process as its writes see it, and how a process is found (docs/decisions/010-write-path.md).
import type { ArgsBuilder } from '../builder.ts';
import type { Tx } from '../database/transaction.ts';
import { type BusinessRole, AlertLevel } from '../../prisma/generated/client/enums.ts';
import { NotFoundError } from '../errors.ts';
import { byReferenceCode } from '../schema-helpers/locate.ts';
import { idSelect, type IdTree } from './shipment/engine.ts';
import { node } from './shipment/nodes.ts';
import { auditItem, shipment } from './shipment/spec.ts';
import type { HandlerInput } from '../actor/handlers.ts';
import { shippedItemSelect } from './shipment/order-lines.ts';

/** The nested parts of a process that the node engine validates and writes. */
export const processNode = node('Process', 'processes', 'A process.', 'operation_id', false, {}, {
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
export type Stored = IdTree & {
  operation_id: number;
  reference_code: string;
  finished_at: Date | null;
  canceled_at: Date | null;
  costs_closed_at: Date | null;
  cost_model_version_id: number | null;
  handlers: { id: number; role: BusinessRole; operation_handler_id: number; actor_id: number }[];
};

export const storedSelect = {
  id: true,
  operation_id: true,
  reference_code: true,
  finished_at: true,
  canceled_at: true,
  costs_closed_at: true,
  cost_model_version_id: true,
  handlers: { select: { id: true, role: true, operation_handler_id: true, actor_id: true } },
  // Its items with the order lines they ship, and those lines' orders: a write replacing them
  // takes those orders' balance locks and keeps the lines' shipped quantity (graph/order/balance.ts).
  foreign_trade_shipment: { select: { ...idSelect(shipment), items: { select: shippedItemSelect } } },
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
  return row;
}


/** Processes are located by id or by reference code within their operation. */
export const processLocator = byReferenceCode('Process');
/** The `operation_id` argument of the process fields. */
export const operationArg = (t: ArgsBuilder) => ({ operation_id: t.arg.int({ required: true, description: 'The operation.' }) });
