// Demo data of the order domain: access groups, subsidiaries, partners with several roles,
// and a dozen orders of each type at different lifecycle stages, all through the GraphQL
// mutations so the demo obeys every rule.
import type { NewCompany } from '../company/companies.ts';
import { runAs } from './run-as.ts';
import { completeCnpj } from '../actor/documents.ts';


const groups = [
  { slug: 'purchasing', name: 'Purchasing' },
  { slug: 'brokers', name: 'Customs brokers' },
  { slug: 'logistics', name: 'Logistics' },
];

const partners = [
  { name: 'Acme Importadora Ltda', trading_name: 'Acme', cnpj: '112223330001', roles: [['IMPORTER', 'purchasing'], ['CARGO_OWNER'], ['CUSTOMER']] },
  { name: 'Despachos Aduaneiros Santos Ltda', trading_name: 'DAS Brokers', cnpj: '114447770001', roles: [['CUSTOMS_BROKER', 'brokers']] },
  { name: 'Oceanic Freight Forwarding Ltda', trading_name: 'Oceanic', cnpj: '606017900001', roles: [['FREIGHT_FORWARDER', 'logistics'], ['AGENT', 'logistics']] },
  { name: 'Rhein Maschinenbau GmbH', tin: 'DE811234567', roles: [['SUPPLIER', 'purchasing'], ['MANUFACTURER'], ['EXPORTER']] },
  { name: 'Shanghai Precision Valve Co., Ltd.', tin: 'CN91310000MA1', roles: [['SUPPLIER', 'purchasing'], ['MANUFACTURER']] },
  { name: 'Transportes Rodoviários Sul Ltda', trading_name: 'TRS', cnpj: '334445550001', roles: [['NATIONAL_ROAD_CARRIER', 'logistics'], ['INTERNATIONAL_ROAD_CARRIER', 'logistics']] },
  { name: 'Banco Exemplo S.A.', cnpj: '009876540001', roles: [['BANK'], ['FUNDER']] },
  { name: 'Armazém Geral Itajaí Ltda', cnpj: '776665550001', roles: [['WAREHOUSE', 'logistics'], ['BONDED_TERMINAL'], ['CONTAINER_DEPOT']] },
  { name: 'Café Vale Verde Exportadora Ltda', cnpj: '221110000001', roles: [['EXPORTER'], ['TRADING']] },
  { name: 'Europa Coffee Roasters B.V.', tin: 'NL859012345B01', roles: [['CUSTOMER'], ['ACQUIRER']] },
];

const iso = (day: number) => new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString();

/** Fills a new demo company's order domain; products PRD-01..PRD-25 exist already. */
export async function seedOrders(created: NewCompany): Promise<void> {
  const co = created.company;
  const operation_id = created.operation.id;
  const slot = (role: string) => created.operation.handlers.find((h) => h.role === role)!.id;
  for (const g of groups) await runAs(co, 'mutation($p: AccessGroupParams!) { upsertAccessGroup(params: $p) { accessGroup { id } } }', { p: g });
  const subsidiaries: number[] = [];
  for (const name of ['Matriz São Paulo', 'Filial Santos', 'Filial Itajaí']) {
    subsidiaries.push((await runAs<{ createSubsidiary: { subsidiary: { id: number } } }>(co, 'mutation($p: SubsidiaryParams!) { createSubsidiary(params: $p) { subsidiary { id } } }', { p: { name } })).createSubsidiary.subsidiary.id);
  }
  const actor: Record<string, number> = {};
  for (const [i, p] of partners.entries()) {
    const params = {
      name: p.name,
      trading_name: p.trading_name,
      internal_code: `PARTNER-${String(i + 1).padStart(2, '0')}`,
      contact_details: `contato${i + 1}@example.com`,
      ...(p.cnpj ? { official_document: completeCnpj(p.cnpj), document_type: 'CNPJ' } : { official_document: p.tin, document_type: 'TIN' }),
      roles: p.roles.map(([role, slug]) => ({ role, ...(slug ? { access_group_slug: slug } : {}) })),
    };
    const data = await runAs<{ upsertPartnership: { partnership: { partner: { id: number } } } }>(co, 'mutation($p: PartnershipParams!) { upsertPartnership(params: $p) { partnership { partner { id } } } }', { p: params });
    for (const [role] of p.roles) actor[role] ??= data.upsertPartnership.partnership.partner.id;
  }
  const handler = (...roles: string[]) =>
    Object.fromEntries(roles.map((r) => [r.toLowerCase(), { operation_handler_id: slot(r.toLowerCase()), actor_id: actor[r], reference: `${r.slice(0, 3)}-${r.length}` }]));
  const product = (n: number) => `PRD-${String((n % 25) + 1).padStart(2, '0')}`;
  const orders: Record<string, unknown>[] = [];
  for (let n = 1; n <= 36; n++) {
    const reference_code = `ORC-${String(n).padStart(2, '0')}`;
    const common = { reference_code, external_reference_code: `45000${10000 + n}`, subsidiary_id: subsidiaries[n % 3], observations: n % 5 === 0 ? 'Priority order' : undefined };
    const lines = Array.from({ length: (n % 3) + 1 }, (_, j) => ({
      line_reference: String((j + 1) * 10),
      line_number: j + 1,
      product_code: product(n + j),
      quantity: `${(n + j) * 100}.0000`,
      order_unit_value: `${(12.5 + n).toFixed(4)}`,
      order_currency_code: n % 2 ? 'USD' : 'EUR',
      net_weight_kg: `${(n + j) * 40}.000`,
      gross_weight_kg: `${(n + j) * 42}.000`,
      shipment_planned_boarding_at: iso(30 + n),
      shipment_planned_arrival_at: iso(60 + n),
    }));
    if (n <= 12) {
      orders.push({
        ...common,
        handler: handler('IMPORTER', 'SUPPLIER', 'CUSTOMS_BROKER', 'FREIGHT_FORWARDER'),
        purchase_order: {
          type: n % 4 ? 'DIRECT' : 'INDIRECT',
          necessity_date: iso(90 + n),
          supplier_order_sent_at: iso(n),
          supplier_order_accepted_at: iso(n + 2),
          items: lines.map((l) => ({ ...l, manufacturing_country_code: n % 2 ? 'DE' : 'CN', production_lead_time_days: 20 + n, transit_lead_time_days: 25 })),
        },
      });
    } else if (n <= 24) {
      orders.push({
        ...common,
        handler: handler('EXPORTER', 'CUSTOMER', 'FREIGHT_FORWARDER'),
        sales_order: { type: n % 4 ? 'DIRECT' : 'INDIRECT', order_received_at: iso(n), order_confirmed_at: iso(n + 1), items: lines.map((l) => ({ ...l, containers_quantity: 1 + (n % 2) })) },
      });
    } else {
      orders.push({ ...common, type: 'ROAD_TRANSPORT', handler: handler('NATIONAL_ROAD_CARRIER', 'WAREHOUSE') });
    }
  }
  await runAs(co, 'mutation($op: Int!, $p: [OrderParams!]!) { upsertOrders(operation_id: $op, params: $p) { orders { id } } }', { op: operation_id, p: orders });
  // Lifecycle stages, per type: 3 active, 3 finished, 3 canceled, 3 finished then canceled.
  for (let n = 1; n <= 36; n++) {
    const code = `ORC-${String(n).padStart(2, '0')}`;
    const stage = (n - 1) % 12;
    const actions = stage >= 9 ? ['finish', 'cancel'] : stage >= 6 ? ['cancel'] : stage >= 3 ? ['finish'] : [];
    for (const action of actions) {
      await runAs(co, `mutation($op: Int!, $c: String!) { ${action}OrderByReferenceCode(operation_id: $op, reference_code: $c) { order { id } } }`, { op: operation_id, c: code });
    }
  }
}
