// The read views `declarations` and `licenses` of a shipment: its customs declarations and
// licences, whatever their kind, as one `CustomsDocument` list with the fields every kind
// shares (docs/processes/foreign_trade_shipment.md).
import { builder, type PrismaFieldBuilder } from '../../builder.ts';

const kinds = ['IMPORT_DECLARATION', 'DUIMP', 'EXPORT_DECLARATION', 'IMPORT_LICENSE'] as const;
type CustomsDocumentKind = (typeof kinds)[number];

/** One customs document of a shipment in the `declarations` and `licenses` read views. */
interface CustomsDocumentEntry {
  kind: CustomsDocumentKind;
  id: number;
  link_id: number;
  link_status: string | null;
  number: string | null;
  status: string | null;
  channel: string | null;
  status_response: string | null;
  registered_at: Date | null;
  customs_cleared_at: Date | null;
  approved_at: Date | null;
  last_updated_at: Date | null;
}

const CustomsDocumentKindEnum = builder.enumType('CustomsDocumentKind', {
  description: 'Kind of customs document in the `declarations` and `licenses` views.',
  values: {
    IMPORT_DECLARATION: { description: 'Import declaration (DI), from shipment_import_declarations.' },
    DUIMP: { description: 'DUIMP, from shipment_duimps.' },
    EXPORT_DECLARATION: { description: 'Export declaration (DU-E), from shipment_export_declarations.' },
    IMPORT_LICENSE: { description: 'Import licence (LI), from shipment_import_licenses.' },
  } as const,
});

const CustomsDocumentRef = builder.objectRef<CustomsDocumentEntry>('CustomsDocument').implement({
  description:
    'A customs declaration or licence of the shipment, whatever its kind, with the fields every kind shares. Read only: the documents are written through their own lists (shipment_import_declarations, shipment_duimps, shipment_export_declarations, shipment_import_licenses).',
  fields: (t) => ({
    kind: t.field({ type: CustomsDocumentKindEnum, description: 'Which list the document comes from.', resolve: (d) => d.kind }),
    id: t.exposeInt('id', { description: 'Id of the declaration or licence itself.' }),
    link_id: t.exposeInt('link_id', { description: 'Id of the entry that links it to the shipment (the wrapper).' }),
    link_status: t.exposeString('link_status', { nullable: true, description: 'Authorization status of that entry (AUTHORIZED, FORBIDDEN, NOT_AUTHORIZED, PENDING).' }),
    number: t.exposeString('number', { nullable: true, description: 'Document number.' }),
    status: t.exposeString('status', { nullable: true, description: 'Customs status, from the value set of its kind.' }),
    channel: t.exposeString('channel', { nullable: true, description: 'Customs channel (declarations only).' }),
    status_response: t.exposeString('status_response', { nullable: true, description: 'Result of the last lookup.' }),
    registered_at: t.expose('registered_at', { type: 'DateTime', nullable: true, description: 'Registration.' }),
    customs_cleared_at: t.expose('customs_cleared_at', { type: 'DateTime', nullable: true, description: 'Customs clearance (declarations only).' }),
    approved_at: t.expose('approved_at', { type: 'DateTime', nullable: true, description: 'Approval (licences only).' }),
    last_updated_at: t.expose('last_updated_at', { type: 'DateTime', nullable: true, description: 'Last update at customs.' }),
  }),
});

const docColumns = { id: true, number: true, status: true, status_response: true, registered_at: true, last_updated_at: true } as const;
const declarationColumns = { ...docColumns, channel: true, customs_cleared_at: true } as const;
/** The wrapper rows of one kind are read in link order, with their id and status. */
const inLinkOrder = { orderBy: { id: 'asc' } } as const;
const wrapperColumns = { id: true, status: true } as const;

/** The columns of a customs document read for the views (`docColumns`, with those of its kind). */
interface DocumentRow {
  id: number;
  number: string | null;
  status: string | null;
  status_response: string | null;
  registered_at: Date | null;
  last_updated_at: Date | null;
  channel?: string | null;
  customs_cleared_at?: Date | null;
  approved_at?: Date | null;
}

/** Flattens one wrapper list into view entries (a wrapper without its document is left out). */
function entries<Link extends { id: number; status: string | null }>(
  kind: CustomsDocumentKind,
  links: Link[],
  documentOf: (link: Link) => DocumentRow | null,
): CustomsDocumentEntry[] {
  return links.flatMap((l) => {
    const d = documentOf(l);
    if (!d) return [];
    return [
      {
        kind,
        id: d.id,
        link_id: l.id,
        link_status: l.status ?? null,
        number: d.number ?? null,
        status: d.status ?? null,
        channel: d.channel ?? null,
        status_response: d.status_response ?? null,
        registered_at: d.registered_at ?? null,
        customs_cleared_at: d.customs_cleared_at ?? null,
        approved_at: d.approved_at ?? null,
        last_updated_at: d.last_updated_at ?? null,
      },
    ];
  });
}

/** `ForeignTradeShipment.declarations`: import declarations, DUIMPs, then export declarations. */
export const declarationsField = (t: PrismaFieldBuilder<'ForeignTradeShipment'>) =>
  t.field({
    type: [CustomsDocumentRef],
    description:
      'Every customs declaration of the shipment in one list: import declarations, then DUIMPs, then export declarations, each in the order they were linked. Read only.',
    select: {
      shipment_import_declarations: { ...inLinkOrder, select: { ...wrapperColumns, import_declaration: { select: declarationColumns } } },
      shipment_duimps: { ...inLinkOrder, select: { ...wrapperColumns, duimp: { select: declarationColumns } } },
      shipment_export_declarations: { ...inLinkOrder, select: { ...wrapperColumns, export_declaration: { select: declarationColumns } } },
    },
    resolve: (s) => [
      ...entries('IMPORT_DECLARATION', s.shipment_import_declarations, (l) => l.import_declaration),
      ...entries('DUIMP', s.shipment_duimps, (l) => l.duimp),
      ...entries('EXPORT_DECLARATION', s.shipment_export_declarations, (l) => l.export_declaration),
    ],
  });

/** `ForeignTradeShipment.licenses`: the import licences. */
export const licensesField = (t: PrismaFieldBuilder<'ForeignTradeShipment'>) =>
  t.field({
    type: [CustomsDocumentRef],
    description: 'Every licence of the shipment (import licences), in the order they were linked. Read only.',
    select: { shipment_import_licenses: { ...inLinkOrder, select: { ...wrapperColumns, import_license: { select: { ...docColumns, approved_at: true } } } } },
    resolve: (s) => entries('IMPORT_LICENSE', s.shipment_import_licenses, (l) => l.import_license),
  });
