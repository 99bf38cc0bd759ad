// Carrier connections and tracking lookups in GraphQL (docs/tracking.md); REST's
// /api/carrier-connections and .../tracking/refresh routes run them.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { NotFoundError } from '../errors.ts';
import { deleteConnection, putConnection, scacOf, type ConnectionParams } from './connections.ts';
import { notificationUrl } from './subscriptions.ts';
import { lookupShipment } from './lookup.ts';

const CarrierProtocolEnum = builder.enumType('CarrierProtocol', {
  description: 'How the platform talks to the carrier: DCSA_TNT_2 is the DCSA Track & Trace interface, version 2.x.',
  values: { DCSA_TNT_2: { description: 'DCSA Track & Trace 2.x: GET /v2/events, /v2/event-subscriptions and signed pushed notifications.' } },
});

builder.prismaObject('CarrierConnection', {
  description: "A company's connection to one carrier's tracking interface (docs/tracking.md). Its secrets are never answered.",
  fields: (t) => ({
    scac: t.exposeString('scac', { description: "The carrier's SCAC, e.g. MSCU." }),
    protocol: t.expose('protocol', { type: CarrierProtocolEnum, description: 'How the platform talks to the carrier.' }),
    base_url: t.exposeString('base_url', { description: "The carrier's Track & Trace root, under which `/v2/events` lives." }),
    auth_header: t.exposeString('auth_header', { nullable: true, description: 'The header the carrier wants the credential in, e.g. `API-Key`.' }),
    has_auth_value: t.boolean({ select: { auth_value_encrypted: true }, description: 'Whether a credential is stored (it is never answered).', resolve: (c) => c.auth_value_encrypted != null }),
    has_notification_secret: t.boolean({
      select: { notification_secret_encrypted: true },
      description: 'Whether a notification secret is stored (it is never answered).',
      resolve: (c) => c.notification_secret_encrypted != null,
    }),
    notification_url: t.string({
      select: { notification_token: true },
      description: "The URL to give the carrier as the subscription's `callbackUrl`: pushed events are POSTed here, signed with the notification secret.",
      resolve: (c) => notificationUrl(c.notification_token),
    }),
    subscription_status: t.exposeString('subscription_status', {
      nullable: true,
      description: 'SUBSCRIBED (the carrier pushes), UNSUPPORTED (the carrier has no subscriptions: polling alone), FAILED (polling alone; PUT again to retry) or NO_SECRET (no notification secret: polling alone).',
    }),
    subscription_id: t.exposeString('subscription_id', { nullable: true, description: "The carrier's id of the subscription." }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the connection was made.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});

/** A shipment's tracking summary, the record `refreshProcessTracking` answers. */
const ShipmentTracking = builder.prismaObject('ForeignTradeShipment', {
  variant: 'ShipmentTracking',
  description: "A shipment's tracking summary after a lookup (docs/tracking.md).",
  fields: (t) => ({
    status_response: t.exposeString('status_response', { description: 'PENDING until the first lookup, FOUND, NOT_FOUND or INVALID.' }),
    eta: t.expose('eta', { type: 'DateTime', nullable: true, description: 'Estimated time of arrival, by the precedence rule.' }),
    eta_source: t.exposeString('eta_source', { nullable: true, description: 'Where `eta` comes from: CARRIER_ACTUAL, CARRIER_ESTIMATED, TRACKING (AIS voyage) or SENT.' }),
    etd: t.expose('etd', { type: 'DateTime', nullable: true, description: 'Estimated time of departure.' }),
    ata: t.expose('ata', { type: 'DateTime', nullable: true, description: 'Actual time of arrival.' }),
    atd: t.expose('atd', { type: 'DateTime', nullable: true, description: 'Actual time of departure.' }),
    tracking_api: t.exposeString('tracking_api', { nullable: true, description: 'The source of the last lookup, e.g. `DCSA_TNT_2:MSCU`; null before any.' }),
    tracking_checked_at: t.expose('tracking_checked_at', { type: 'DateTime', nullable: true, description: 'When the carrier was last asked or last pushed.' }),
    tracking_error: t.exposeString('tracking_error', { nullable: true, description: 'Why the last lookup failed (the carrier timed out, answered 5xx...), or why the reference is INVALID; null after a good one.' }),
  }),
});

const CarrierConnectionParams = builder.inputType('CarrierConnectionParams', {
  description: 'A carrier connection as written: on update, fields left out are kept; null clears a credential.',
  fields: (t) => ({
    protocol: t.string({ description: 'DCSA_TNT_2 (required on create).' }),
    base_url: t.string({ description: "The carrier's Track & Trace root, under which `/v2/events` lives (required on create; a public address)." }),
    auth_header: t.string({ description: 'The header the carrier wants the credential in, e.g. `API-Key`.' }),
    auth_value: t.string({ description: "The credential's value; stored encrypted, never answered." }),
    notification_secret: t.string({ description: 'Base64 secret (16 bytes or more) pushed notifications are signed with; stored encrypted, never answered.' }),
  }),
});

builder.queryFields((t) => ({
  carrierConnections: t.prismaField({
    type: ['CarrierConnection'],
    description: "The company's carrier connections, by SCAC.",
    resolve: (query, _root, _args, ctx) => prisma().carrierConnection.findMany({ ...query, where: { company_id: ctx.company.id }, orderBy: { scac: 'asc' } }),
  }),
  carrierConnection: t.prismaField({
    type: 'CarrierConnection',
    nullable: true,
    description: "The company's connection to one carrier.",
    args: { scac: t.arg.string({ required: true, description: "The carrier's SCAC." }) },
    resolve: (query, _root, args, ctx) => prisma().carrierConnection.findUnique({ ...query, where: { company_id_scac: { company_id: ctx.company.id, scac: scacOf(args.scac) } } }),
  }),
}));

/** The shipment of a live process of the operation, or 404. */
async function shipmentOf(companyId: number, operationId: number, where: { id: number } | { reference_code: string }) {
  const process = await prisma().process.findFirst({ where: { company_id: companyId, operation_id: operationId, deleted_at: null, ...where }, select: { foreign_trade_shipment: { select: { id: true } } } });
  if (!process?.foreign_trade_shipment) throw new NotFoundError();
  return process.foreign_trade_shipment.id;
}

builder.mutationFields((t) => {
  const scac = t.arg.string({ required: true, description: "The carrier's SCAC." });
  const operation_id = t.arg.int({ required: true, description: 'Operation id.' });
  const refresh = async (query: object, companyId: number, shipmentId: number) => {
    await lookupShipment(companyId, shipmentId);
    return prisma().foreignTradeShipment.findUniqueOrThrow({ ...query, where: { company_id_id: { company_id: companyId, id: shipmentId } } });
  };
  return {
    putCarrierConnection: t.payloadField({
      payload: 'PutCarrierConnectionPayload',
      type: 'CarrierConnection',
      description: 'Creates or updates the connection to a carrier; a new one subscribes with the carrier where it offers subscriptions.',
      args: { scac, params: t.arg({ type: CarrierConnectionParams, required: true, description: 'The connection as written.' }) },
      resolve: async (query, _root, args, ctx) => {
        const key = await putConnection(ctx, args.scac, args.params as ConnectionParams);
        return prisma().carrierConnection.findUniqueOrThrow({ ...query, where: { company_id_id: key } });
      },
    }),
    deleteCarrierConnection: t.payloadField({
      payload: 'DeleteCarrierConnectionPayload',
      type: 'CarrierConnection',
      description: 'Deletes the connection and its credentials; its shipments are no longer looked up.',
      args: { scac },
      resolve: async (query, _root, args, ctx) => {
        const row = await prisma().carrierConnection.findUnique({ ...query, where: { company_id_scac: { company_id: ctx.company.id, scac: scacOf(args.scac) } } });
        if (!row) throw new NotFoundError();
        await deleteConnection(ctx, args.scac);
        return row;
      },
    }),
    refreshProcessTracking: t.payloadField({
      payload: 'RefreshProcessTrackingPayload',
      type: ShipmentTracking,
      description: "Looks the process's shipment up with its carrier now; answers the tracking summary after the lookup (a failed lookup is in `tracking_error`).",
      args: { operation_id, id: t.arg.int({ required: true, description: 'Process id.' }) },
      resolve: async (query, _root, args, ctx) => refresh(query, ctx.company.id, await shipmentOf(ctx.company.id, args.operation_id, { id: args.id })),
    }),
    refreshProcessTrackingByReferenceCode: t.payloadField({
      payload: 'RefreshProcessTrackingByReferenceCodePayload',
      type: ShipmentTracking,
      description: 'The same as refreshProcessTracking, the process named by its reference code.',
      args: { operation_id, reference_code: t.arg.string({ required: true, description: 'Process reference code.' }) },
      resolve: async (query, _root, args, ctx) => refresh(query, ctx.company.id, await shipmentOf(ctx.company.id, args.operation_id, { reference_code: args.reference_code })),
    }),
  };
});

