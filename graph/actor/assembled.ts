// Actors, their roles and the handler entries of orders and processes as assembled pages write them
// (docs/decisions/019-assembled-pages.md); the resolvers they stand for are in types.ts and handlers.ts.
import { assembled, byKey, ofParent, catalogueSql, column, columns, datetimes } from '../assembled/shapes.ts';
import { actorFields } from './types.ts';
import { entryFields, handlerRoles } from './handlers.ts';

assembled('AccessGroup', { table: 'access_groups', fields: columns('id', 'slug', 'name') });

assembled('PartnershipRole', {
  table: 'partnership_roles',
  fields: { ...columns('role', 'access_group_id'), access_group: { one: 'AccessGroup', where: byKey('access_group_id') } },
});

assembled('Actor', {
  table: 'actors',
  fields: {
    ...columns('id', 'document_type', 'verified'),
    ...catalogueSql(actorFields),
    ...datetimes('opening_date', 'inserted_at', 'updated_at'),
    // The roles of the actor's partnership with the company, by role (none without one).
    roles: {
      many: 'PartnershipRole',
      where: (r, a) => `${r}.company_id = ${a}.company_id AND ${r}.partnership_id = (SELECT pa.id FROM partnerships pa WHERE pa.company_id = ${a}.company_id AND pa.actor_id = ${a}.id)`,
      orderBy: (r) => `${r}.role`,
    },
  },
});

assembled('Subsidiary', { table: 'subsidiaries', fields: columns('id', 'name') });

/**
 * The handler entries of orders or processes (handlers.ts): type `entry` of the entries' table,
 * and the handler map `map` over the owner's table, each role's entry (one at most: the entries
 * are unique by owner, named in `ownerKey`, and role).
 */
export function handlerEntries(entry: string, table: string, map: string, ownerTable: string, ownerKey: string): void {
  assembled(entry, {
    table,
    fields: {
      id: column('id'),
      ...catalogueSql(entryFields),
      actor: { one: 'Actor', where: byKey('actor_id') },
      operation_handler: { one: 'OperationHandler', where: byKey('operation_handler_id') },
    },
  });
  assembled(map, {
    table: ownerTable,
    fields: Object.fromEntries(
      handlerRoles.map(({ role, key }) => [key, { one: entry, where: (h: string, o: string) => `${ofParent(ownerKey)(h, o)} AND ${h}.role = '${role}'` }]),
    ),
  });
}

handlerEntries('OrderHandler', 'order_handlers', 'OrderHandlerMap', 'orders', 'order_id');
