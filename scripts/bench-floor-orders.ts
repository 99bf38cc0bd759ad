// The floor of the order page for `npm run bench` (scripts/bench-peers.ts, the raw pg peer):
// `GET /api/operations/{id}/orders?limit=` answered by ONE SQL statement in which PostgreSQL
// builds the whole answer's JSON (json_build_object / json_agg): every field the app's route
// answers (rest/routes/orders.routes.ts, its fragments in rest/operations.graphql), the lines'
// balances (docs/orders.md, balance), `total_count` and `next_cursor` of the default sort (id
// ascending; the count capped as the app caps it, graph/database/count.ts).
// The bench checks that it equals the app's answer (parsed, deep-equal) before measuring.
import { cursorText, iso, list, listAnswer, one } from './bench-floor-sql.ts';

// Countries and currencies by code, read once by the statement (the `reference` CTE of orderPageSql):
// jsonb keeps their keys in the order the app answers them (code, iso3, name; code, name, symbol).
const country = (column: string) => `(SELECT countries FROM reference) -> ${column}`;
const currency = (column: string) => `(SELECT currencies FROM reference) -> ${column}`;
const REFERENCE = `reference AS MATERIALIZED (SELECT
    (SELECT jsonb_object_agg(code, jsonb_build_object('code', code, 'iso3', iso3, 'name', name)) FROM countries) AS countries,
    (SELECT jsonb_object_agg(code, jsonb_build_object('code', code, 'name', name, 'symbol', symbol)) FROM currencies) AS currencies)`;

const product = one(`SELECT json_build_object('id', p.id, 'code', p.code, 'description', p.description, 'mercosul_code', p.mercosul_code, 'package_type', p.package_type)
  FROM products p WHERE p.company_id = i.company_id AND p.id = i.product_id`);

/** `balance` and `balance_shipped` of a line (graph/order/catalogue.ts `balances`): numeric keeps the larger scale, as the app does. */
const balances = `'balance', CASE WHEN i.quantity IS NULL THEN NULL ELSE (i.quantity::numeric - (i.quantity::numeric * 0 + i.quantity_shipped::numeric))::text END,
  'balance_shipped', (coalesce(i.quantity::numeric * 0, 0) + i.quantity_shipped::numeric)::text`;

const dates = (columns: string[]) => columns.map((c) => `'${c}', ${iso(`i.${c}`)}`).join(', ');
const plain = (columns: string[]) => columns.map((c) => `'${c}', i.${c}`).join(', ');

const purchaseItem = `json_build_object('id', i.id, 'line_reference', i.line_reference, 'product', ${product},
  ${plain(['line_number', 'production_lead_time_days', 'production_lead_time_days_adjusted', 'transit_lead_time_days', 'transit_lead_time_days_adjusted', 'total_lead_time_days', 'total_lead_time_days_adjusted', 'item_status', 'invoice_number', 'concession_act', 'measurement_unit_sap', 'order_modal_type_sap', 'import_type_sap', 'quantity', 'order_unit_value', 'order_value', 'net_weight_kg', 'gross_weight_kg', 'cubage_cubic_meters', 'invoice_quantity', 'invoice_value', 'sap_by_factor'])},
  ${dates(['supplier_expected_readiness_at', 'supplier_readiness_at', 'factory_delivery_expected_at', 'factory_delivery_at', 'shipment_planned_boarding_at', 'shipment_planned_arrival_at', 'customs_estimated_at', 'customs_registered_at', 'customs_released_at', 'invoice_emitted_at'])},
  'purchase_country', ${country('i.purchase_country_code')}, 'manufacturing_country', ${country('i.manufacturing_country_code')},
  'dispatching_country', ${country('i.dispatching_country_code')}, 'order_currency', ${currency('i.order_currency_code')},
  ${balances}, 'inserted_at', ${iso('i.inserted_at')}, 'updated_at', ${iso('i.updated_at')},
  'item_foreign_operators', ${list('SELECT json_agg(f.actor_id ORDER BY f.actor_id) FROM purchase_order_item_foreign_operators f WHERE f.company_id = i.company_id AND f.item_id = i.id')})`;

const salesItem = `json_build_object('id', i.id, 'line_reference', i.line_reference, 'product', ${product},
  ${plain(['line_number', 'containers_quantity', 'item_status', 'product_description', 'product_mercosul_code', 'dispatch_number', 'container_equipment_type', 'quantity', 'order_unit_value', 'order_value', 'net_weight_kg', 'gross_weight_kg', 'cubage_cubic_meters'])},
  ${dates(['supplier_expected_readiness_at', 'supplier_readiness_at', 'factory_delivery_expected_at', 'factory_delivery_at', 'shipment_planned_boarding_at', 'shipment_planned_arrival_at'])},
  'order_currency', ${currency('i.order_currency_code')}, ${balances}, 'inserted_at', ${iso('i.inserted_at')}, 'updated_at', ${iso('i.updated_at')})`;

const purchaseOrder = one(`SELECT json_build_object('id', po.id, 'type', po.type, 'necessity_date', ${iso('po.necessity_date')},
    'supplier_order_sent_at', ${iso('po.supplier_order_sent_at')}, 'supplier_order_accepted_at', ${iso('po.supplier_order_accepted_at')},
    'supplier_expected_readiness_at', ${iso('po.supplier_expected_readiness_at')}, 'supplier_readiness_at', ${iso('po.supplier_readiness_at')},
    'items', ${list(`SELECT json_agg(${purchaseItem} ORDER BY i.id) FROM purchase_order_items i WHERE i.company_id = po.company_id AND i.purchase_order_id = po.id`)})
  FROM purchase_orders po WHERE po.company_id = o.company_id AND po.order_id = o.id`);

const salesOrder = one(`SELECT json_build_object('id', so.id, 'type', so.type, 'order_received_at', ${iso('so.order_received_at')}, 'order_confirmed_at', ${iso('so.order_confirmed_at')},
    'items', ${list(`SELECT json_agg(${salesItem} ORDER BY i.id) FROM sales_order_items i WHERE i.company_id = so.company_id AND i.sales_order_id = so.id`)})
  FROM sales_orders so WHERE so.company_id = o.company_id AND so.order_id = o.id`);

/** An actor as ActorFields answers it, its partnership roles by role. */
export const actorJson = (alias: string) => `json_build_object('id', ${alias}.id, 'official_name', ${alias}.official_name, 'trading_name', ${alias}.trading_name,
  'nickname', ${alias}.nickname, 'internal_code', ${alias}.internal_code, 'official_document', ${alias}.official_document, 'cnae', ${alias}.cnae,
  'contact_details', ${alias}.contact_details, 'description', ${alias}.description, 'logo_url', ${alias}.logo_url, 'document_type', ${alias}.document_type,
  'opening_date', ${iso(`${alias}.opening_date`)}, 'verified', ${alias}.verified,
  'roles', ${list(`SELECT json_agg(json_build_object('role', r.role, 'access_group_id', r.access_group_id,
      'access_group', ${one(`SELECT json_build_object('id', g.id, 'slug', g.slug, 'name', g.name) FROM access_groups g WHERE g.company_id = r.company_id AND g.id = r.access_group_id`)}) ORDER BY r.role)
    FROM partnerships pa JOIN partnership_roles r ON r.company_id = pa.company_id AND r.partnership_id = pa.id WHERE pa.company_id = ${alias}.company_id AND pa.actor_id = ${alias}.id`)},
  'inserted_at', ${iso(`${alias}.inserted_at`)}, 'updated_at', ${iso(`${alias}.updated_at`)})`;

/** A handler entry (order or process) of table alias `h`. */
export const handlerJson = `json_build_object('id', h.id, 'business_unit', h.business_unit, 'reference', h.reference, 'secondary_reference', h.secondary_reference,
  'actor', ${one(`SELECT ${actorJson('a')} FROM actors a WHERE a.company_id = h.company_id AND a.id = h.actor_id`)},
  'operation_handler', ${one(`SELECT json_build_object('id', oh.id, 'role', lower(oh.role::text), 'business_role', oh.role) FROM operation_handlers oh WHERE oh.company_id = h.company_id AND oh.id = h.operation_handler_id`)})`;

/** The `handler` map over the entries gathered in `hs` (objs, roles by id): the first entry of each role. */
export const handlerMap = (roles: string[]) => `json_build_object(${roles.map((r) => `'${r.toLowerCase()}', hs.objs[array_position(hs.roles, '${r}')]`).join(', ')})`;

export const handlerEntries = (table: string, owner: string, alias: string) => `LEFT JOIN LATERAL (SELECT array_agg(${handlerJson} ORDER BY h.id) AS objs, array_agg(h.role::text ORDER BY h.id) AS roles
  FROM ${table} h WHERE h.company_id = ${alias}.company_id AND h.${owner} = ${alias}.id) hs ON true`;

const orderJson = (roles: string[]) => `json_build_object('id', o.id, 'type', o.type, 'reference_code', o.reference_code, 'external_reference_code', o.external_reference_code,
  'operation', json_build_object('id', o.operation_id), 'observations', o.observations, 'extra_fields', o.extra_fields,
  'subsidiary', ${one('SELECT json_build_object(\'id\', s.id, \'name\', s.name) FROM subsidiaries s WHERE s.company_id = o.company_id AND s.id = o.subsidiary_id')},
  'handler', ${handlerMap(roles)}, 'handlers', coalesce(array_to_json(hs.objs), '[]'),
  'processes', ${list(`SELECT json_agg(json_build_object('id', pr.id, 'reference_code', pr.reference_code) ORDER BY pr.id)
    FROM process_orders x JOIN processes pr ON pr.company_id = x.company_id AND pr.id = x.process_id WHERE x.company_id = o.company_id AND x.order_id = o.id AND pr.deleted_at IS NULL`)},
  'purchase_order', ${purchaseOrder}, 'sales_order', ${salesOrder},
  'inserted_at', ${iso('o.inserted_at')}, 'updated_at', ${iso('o.updated_at')}, 'finished_at', ${iso('o.finished_at')},
  'canceled_at', ${iso('o.canceled_at')}, 'deleted_at', ${iso('o.deleted_at')})`;

/** The order page: $1 company, $2 operation, $3 limit; one row, `body` the answer's text. */
export const orderPageSql = (roles: string[]) => `
  WITH ${REFERENCE},
  keys AS (SELECT o.id FROM orders o WHERE o.company_id = $1 AND o.operation_id = $2 AND o.deleted_at IS NULL ORDER BY o.id LIMIT $3 + 1),
  page AS (SELECT ${orderJson(roles)} AS j, o.id FROM (SELECT id FROM keys ORDER BY id LIMIT $3) k
    JOIN orders o ON o.company_id = $1 AND o.id = k.id ${handlerEntries('order_handlers', 'order_id', 'o')})
  ${listAnswer(
    "coalesce((SELECT json_agg(j ORDER BY id) FROM page), '[]')",
    'SELECT 1 FROM orders o WHERE o.company_id = $1 AND o.operation_id = $2 AND o.deleted_at IS NULL',
    cursorText('keys'),
  )}`;
