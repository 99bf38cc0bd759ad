// The tables whose row changes the events outbox captures, declared once
// (docs/decisions/012-events-and-webhooks.md, point 1; CONTRIBUTING.md, "One place for each
// concept"). The capture triggers themselves are installed by migrations (`..._events`,
// `..._events_relayed_after_commit`), whose SQL cannot read this declaration:
// tests/events/captured-tables.test.ts reads the triggers of a migrated database and fails on
// any table, or trigger argument, that differs from it, on either side. A migration adding or
// dropping a capture trigger changes this declaration in the same commit.

/** How the capture trigger of a table tags each row (its arguments), and how its process is found. */
export interface CapturedTable {
  /**
   * The trigger's arguments: the resource whose events the row makes, and the row's column
   * holding that resource's id (`id` for a resource's own row). None: the row does not name
   * its resource, and is written under its process's lock (graph/database/locks.ts).
   */
  resource?: { table: 'orders' | 'processes' | 'products'; column: string };
  /** A customs record: the link table tying it to its shipment, and the link's column in the record. */
  link?: { table: string; column: string };
}

/** Every captured table, in the order the take-out's SQL names them (graph/events/take-out.ts). */
export const capturedTables = {
  orders: { resource: { table: 'orders', column: 'id' } },
  processes: { resource: { table: 'processes', column: 'id' } },
  products: { resource: { table: 'products', column: 'id' } },
  process_documents: { resource: { table: 'processes', column: 'process_id' } },
  foreign_trade_shipments: { resource: { table: 'processes', column: 'process_id' } },
  container_events: {},
  import_declarations: { link: { table: 'shipment_import_declarations', column: 'shipment_import_declaration_id' } },
  duimps: { link: { table: 'shipment_duimps', column: 'shipment_duimp_id' } },
  import_licenses: { link: { table: 'shipment_import_licenses', column: 'shipment_import_license_id' } },
  export_declarations: { link: { table: 'shipment_export_declarations', column: 'shipment_export_declaration_id' } },
} as const satisfies Record<string, CapturedTable>;

export type CapturedTableName = keyof typeof capturedTables;

/** The captured tables' names, in declaration order. */
export const capturedTableNames = Object.keys(capturedTables) as CapturedTableName[];

/** The declarations typed as the interface (the `as const` literals widened). */
const declared: Record<CapturedTableName, CapturedTable> = capturedTables;

/** Each captured table with its declaration, in declaration order. */
export const capturedEntries: [CapturedTableName, CapturedTable][] = capturedTableNames.map((t) => [t, declared[t]]);

/** The tables whose rows are resources of their own, each with its events: those tagged with their own id. */
export const resourceTables: string[] = capturedEntries.filter(([t, c]) => c.resource?.table === t && c.resource.column === 'id').map(([t]) => t);

/** The trigger arguments a captured table's capture triggers are created with (empty: none). */
export function triggerArguments(table: CapturedTableName): string[] {
  const resource = declared[table].resource;
  return resource ? [resource.table, resource.column] : [];
}
