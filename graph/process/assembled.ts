// The process tree as an assembled page writes it (docs/decisions/019-assembled-pages.md): the
// SQL of each field the REST process list answers, beside the resolvers in types.ts,
// documents.ts and graph/costs/types.ts; the shipment tree is in shipment/assembled.ts.
import { assembled, byKey, childrenOf, column, columns, datetimes, ofParent } from '../assembled/shapes.ts';
import { handlerEntries } from '../actor/assembled.ts';
import './shipment/assembled.ts';

handlerEntries('ProcessHandler', 'process_handlers', 'ProcessHandlerMap', 'processes', 'process_id');

// A linked order, deleted or not (types.ts, `orders`).
assembled('ProcessOrderLink', { table: 'orders', fields: columns('id', 'reference_code') });

assembled('BrazilianInvoice', {
  table: 'brazilian_invoices',
  fields: { ...columns('id', 'access_key', 'number', 'issuer_cnpj', 'total_value', 'xml'), ...datetimes('inserted_at') },
});

assembled('ProcessDocument', {
  table: 'process_documents',
  fields: {
    ...columns('id', 'type', 'original_filename', 'description', 'content_type', 'invoice_id', 'parent_document_id'),
    size: column('size_bytes'),
    ...datetimes('inserted_at'),
  },
});

assembled('Process', {
  table: 'processes',
  fields: {
    ...columns('id', 'reference_code', 'alert_level', 'cost_model_version_id', 'extra_fields'),
    operation: { one: 'Operation', where: byKey('operation_id') },
    cost_model_version: { one: 'CostModelVersion', where: byKey('cost_model_version_id') },
    orders: {
      many: 'ProcessOrderLink',
      where: (o, p) => `${o}.company_id = ${p}.company_id AND ${o}.id IN (SELECT x.order_id FROM process_orders x WHERE x.company_id = ${p}.company_id AND x.process_id = ${p}.id)`,
      orderBy: (o) => `${o}.id`,
    },
    handler: { same: 'ProcessHandlerMap' },
    handlers: childrenOf('ProcessHandler', 'process_id'),
    brazilian_invoices: childrenOf('BrazilianInvoice', 'process_id'),
    foreign_trade_shipment: { one: 'ForeignTradeShipment', where: ofParent('process_id') },
    audit_items: childrenOf('ProcessAuditItem', 'process_id'),
    documents: childrenOf('ProcessDocument', 'process_id', (d) => `${d}.deleted_at IS NULL`),
    cost_per_expenses: childrenOf('CostPerExpense', 'process_id'),
    ...datetimes('lead_time_datetime_reference', 'costs_closed_at', 'inserted_at', 'updated_at', 'finished_at', 'canceled_at', 'deleted_at'),
  },
});
