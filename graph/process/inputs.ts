// What integrators send for a process, and the list's filters and sort keys.
import { builder } from '../builder.ts';
import { required } from '../schema-helpers/required.ts';
import { inputLimits } from '../limits/values.ts';
import { HandlerMapParams, HandlerParams } from '../actor/handlers.ts';
import { AuditItemParams, ShipmentParams } from './shipment/types.ts';
import { AlertLevelEnum } from './types.ts';
import { lifecycleStateEnum, rangeFields } from '../schema-helpers/filters.ts';
import { shipmentEnums } from './shipment/enums.ts';
import { BusinessRoleEnum } from '../reference/enums.ts';

export const ProcessParams = builder.inputType('ProcessParams', {
  description: 'Process fields; only `reference_code` is required when a process is created. Fields left out on an update are kept.',
  fields: (t) => ({
    reference_code: t.string(required('Your process number; unique among the live processes of the operation and the key of upserts.')),
    alert_level: t.field({ type: AlertLevelEnum, description: 'Alert level (NORMAL when created without one).' }),
    cost_model_version_id: t.int({ description: 'The cost model version the costs follow.' }),
    lead_time_datetime_reference: t.field({ type: 'DateTime', description: 'Reference date-time of lead times.' }),
    order_ids: t.intList({ description: 'Linked orders by id; replaces the linked orders. Send this or order_reference_codes.' }),
    order_reference_codes: t.stringList({ description: 'Linked orders by reference code; replaces the linked orders. Send this or order_ids.' }),
    brazilian_invoices: t.stringList({
      description: 'Brazilian invoice (NF-e) XML files, each Base64-encoded; replaces the stored list.',
      extensions: { maxLength: inputLimits.encodedDocumentLength },
    }),
    foreign_trade_shipment: t.field({ type: ShipmentParams, description: 'The foreign trade shipment; fields left out are kept, nested lists sent replace the stored ones.' }),
    handler: t.field({ type: HandlerMapParams, description: 'Handler entries keyed by lower-case role; replaces the stored entries.' }),
    handlers: t.field({ type: [HandlerParams], description: 'Deprecated: handler entries as a flat list; use `handler`.', deprecationReason: 'Use `handler`, keyed by role.' }),
    audit_items: t.field({ type: [AuditItemParams], description: 'The checklist; replaces the stored items, matching them by id.' }),
    extra_fields: t.field({ type: 'JSONObject', description: 'Your own free-form data (a JSON object); replaces the stored object, null removes it.' }),
  }),
});

export const ProcessStatusEnum = lifecycleStateEnum('ProcessStatus', 'a process');

/** Date-time columns of the process, and of its shipment, that the list filters by range. */
export const processRanges = { inserted_at: 'Created', updated_at: 'Changed', finished_at: 'Finished', canceled_at: 'Canceled' } as const;
export const shipmentRanges = { etd: 'Shipment estimated departure', eta: 'Shipment estimated arrival', atd: 'Shipment actual departure', ata: 'Shipment actual arrival', eta_changed_at: 'Shipment ETA last changed (by you, tracking or an import)' } as const;

export const ProcessFilters = builder.inputType('ProcessFilters', {
  description: 'Filters of the process list, all applied together; a list filter keeps processes matching any of its values.',
  fields: (t) => ({
    reference_code: t.string({ description: 'Reference code.' }),
    reference_codes: t.stringList({ description: 'Reference codes.' }),
    alert_level: t.field({ type: AlertLevelEnum, description: 'Alert level.' }),
    status: t.field({ type: [ProcessStatusEnum], description: 'States: ACTIVE, FINISHED, CANCELED.' }),
    actor_ids: t.intList({ description: 'Processes with a handler entry of any of these actors (partners, brokers, carriers...).' }),
    vessel_ids: t.intList({ description: 'Processes whose maritime shipment follows any of these vessels.' }),
    port_unlocodes: t.stringList({ description: 'Processes whose maritime shipment loads or discharges at any of these ports (UN/LOCODE, e.g. BRSSZ).' }),
    loading_port_unlocodes: t.stringList({ description: 'Processes whose maritime shipment loads at any of these ports (UN/LOCODE, e.g. CNSHA).' }),
    discharge_port_unlocodes: t.stringList({ description: 'Processes whose maritime shipment discharges at any of these ports (UN/LOCODE, e.g. BRSSZ).' }),
    // NOTE: catalogue enums are registered by name (graph/schema-helpers/fields.ts) and come back untyped; the
    // cast gives Pothos an enum ref (only the registered type is used at run time).
    transport_modes: t.field({ type: [shipmentEnums.ShipmentType], description: "Processes whose shipment's type (transport mode) is any of these." }),
    actor_role: t.field({
      type: BusinessRoleEnum,
      description: 'Processes with a handler entry in this role; with `actor_ids`, an entry in this role held by one of those actors (e.g. the customs broker is actor 12).',
    }),
    has_customs_declaration: t.boolean({
      description: 'true: processes whose shipment has a customs declaration (an import declaration, a DUIMP or an export declaration); false: those without one.',
    }),
    has_documents: t.boolean({ description: 'true: processes with a live document attached; false: those without one.' }),
    ...rangeFields(t, { ...processRanges, ...shipmentRanges }),
  }),
});

/** Sort keys on the shipment's dates: a process without a shipment, or without the date, sorts as a null. */
export const sortPaths = { etd: 'foreign_trade_shipment.etd', eta: 'foreign_trade_shipment.eta', atd: 'foreign_trade_shipment.atd', ata: 'foreign_trade_shipment.ata' } as const;
export const sortable = ['id', 'reference_code', 'alert_level', 'inserted_at', 'updated_at', 'finished_at', 'canceled_at', 'lead_time_datetime_reference', ...Object.keys(sortPaths)] as const;
export const nullableSortable = new Set(['finished_at', 'canceled_at', 'lead_time_datetime_reference', ...Object.values(sortPaths)]);
