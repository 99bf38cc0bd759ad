import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, baseUrl, client, graphql, newCompany, uniq, type TestCompany, errorBody } from './helpers.ts';

type Client = ReturnType<typeof client>;
const en = 'locale=en-US';

const blank = "can't be blank";
const taken = 'has already been taken';
const missing = 'does not exist';
const invalid = 'is invalid';
const notAllowed = 'is not allowed in the current state';

/** Every purchase order item field, as sent. */
const fullPurchaseItem = (line: string, productCode: string, actorId: number) => ({
  line_reference: line,
  line_number: 1,
  product_code: productCode,
  quantity: '1200.0000',
  order_unit_value: '35.5000',
  order_value: '42600.00',
  order_currency_code: 'USD',
  net_weight_kg: '5400.125',
  gross_weight_kg: '5650.0',
  cubage_cubic_meters: '12.3400',
  production_lead_time_days: 30,
  production_lead_time_days_adjusted: 33,
  transit_lead_time_days: 25,
  transit_lead_time_days_adjusted: 27,
  total_lead_time_days: 60,
  total_lead_time_days_adjusted: 65,
  supplier_expected_readiness_at: '2025-04-15T00:00:00Z',
  supplier_readiness_at: '2025-04-16T10:00:00Z',
  factory_delivery_expected_at: '2025-04-17T00:00:00Z',
  factory_delivery_at: '2025-04-18T08:30:00Z',
  shipment_planned_boarding_at: '2025-04-20T00:00:00Z',
  shipment_planned_arrival_at: '2025-05-15T00:00:00Z',
  customs_estimated_at: '2025-05-18T00:00:00Z',
  customs_registered_at: '2025-05-19T00:00:00Z',
  customs_released_at: '2025-05-21T00:00:00Z',
  invoice_number: 'INV-7781',
  invoice_emitted_at: '2025-04-19T00:00:00Z',
  invoice_quantity: '1200.0000',
  invoice_value: '42600.00',
  purchase_country_code: 'US',
  manufacturing_country_code: 'DE',
  dispatching_country_code: 'NL',
  item_status: 'OPEN',
  concession_act: 'AC-2025-001',
  measurement_unit_sap: 'PC',
  order_modal_type_sap: 'SEA',
  import_type_sap: 'Z1',
  sap_by_factor: '1.000',
  item_foreign_operators: [actorId],
});

/** Every sales order item field, as sent. */
const fullSalesItem = (line: string, productCode: string) => ({
  line_reference: line,
  line_number: 3,
  product_code: productCode,
  product_description: 'Coffee beans, green',
  product_mercosul_code: '09011110',
  quantity: '500.0000',
  net_weight_kg: '30000.000',
  gross_weight_kg: '30150.000',
  cubage_cubic_meters: '60.5',
  order_unit_value: '4.1000',
  order_value: '2050.00',
  order_currency_code: 'EUR',
  dispatch_number: 'DSP-991',
  item_status: 'CONFIRMED',
  supplier_expected_readiness_at: '2025-03-01T00:00:00Z',
  supplier_readiness_at: '2025-03-02T00:00:00Z',
  factory_delivery_expected_at: '2025-03-03T00:00:00Z',
  factory_delivery_at: '2025-03-04T00:00:00Z',
  shipment_planned_boarding_at: '2025-03-10T00:00:00Z',
  shipment_planned_arrival_at: '2025-04-10T00:00:00Z',
  containers_quantity: 2,
  container_equipment_type: 'DRY 40',
});

/** What an item reads back as: codes become objects, the product a summary. */
function readShape(item: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) {
    if (k === 'product_code') out.product = expect.objectContaining({ code: v });
    else if (k.endsWith('_country_code')) out[k.replace(/_code$/, '')] = expect.objectContaining({ code: v });
    else if (k === 'order_currency_code') out.order_currency = expect.objectContaining({ code: v, name: expect.any(String) });
    else out[k] = v;
  }
  return out;
}

describe('orders, partners and handlers', () => {
  let a: TestCompany;
  let b: TestCompany;
  let A: Client;
  let B: Client;
  let opA: string;
  let opB: string;
  const slot = (co: TestCompany, role: string) => co.operation.handlers.find((h) => h.role === role)!.id;
  const products: string[] = [];
  let importer: number; // an actor of company a
  let broker: number;
  let subsidiary: number;

  async function partner(C: Client, roles: string[], extra: Record<string, unknown> = {}) {
    const res = await C.post('/partnerships', { name: uniq('Partner '), internal_code: uniq('P-'), roles: roles.map((role) => ({ role })), ...extra });
    expect(res.status).toBe(201);
    return res.body.data.partner.id as number;
  }

  /** A minimal valid purchase order. */
  const po = (code = uniq('ORC-'), items = [{ line_reference: '10', product_code: products[0], quantity: '10.0000' }]) => ({
    reference_code: code,
    purchase_order: { type: 'DIRECT', items },
  });

  beforeAll(async () => {
    [a, b] = await Promise.all([newCompany(), newCompany()]);
    A = client(a.api_key);
    B = client(b.api_key);
    opA = `/operations/${a.operation.id}`;
    opB = `/operations/${b.operation.id}`;
    for (let i = 0; i < 3; i++) {
      const code = uniq('PRD-');
      products.push(code);
      expect((await A.post('/products', { code, description: `Product ${i}`, mercosul_code: '84818099', package_type: 'BOXES' })).status).toBe(201);
    }
    importer = await partner(A, ['IMPORTER']);
    broker = await partner(A, ['CUSTOMS_BROKER', 'FREIGHT_FORWARDER']);
    const sub = await graphql(a.api_key, 'mutation { createSubsidiary(params: { name: "Filial Santos" }) { subsidiary { id name } } }');
    subsidiary = sub.body.data.createSubsidiary.subsidiary.id;
  });

  describe('create and read', () => {
    it('creates a purchase order with every field and reads it all back by id and by reference code', async () => {
      const code = uniq('ORC-');
      const item = fullPurchaseItem('10', products[0], broker);
      const item2 = { line_reference: '20', product_id: undefined as number | undefined, product_code: products[1], quantity: '3' };
      const sent = {
        reference_code: code,
        external_reference_code: '4500012345',
        observations: 'Urgent: plant maintenance in June',
        subsidiary_id: subsidiary,
        handler: {
          importer: { operation_handler_id: slot(a, 'importer'), actor_id: importer, reference: 'IMP-1' },
          customs_broker: {
            operation_handler_id: slot(a, 'customs_broker'),
            actor_id: broker,
            business_unit: 'Santos',
            reference: 'BRK-2025-0113',
            secondary_reference: 'S-2',
          },
        },
        purchase_order: {
          type: 'INDIRECT',
          necessity_date: '2025-06-01T00:00:00Z',
          supplier_order_sent_at: '2025-03-03T14:30:00Z',
          supplier_order_accepted_at: '2025-03-04T09:00:00Z',
          supplier_expected_readiness_at: '2025-04-15T00:00:00Z',
          supplier_readiness_at: '2025-04-16T00:00:00Z',
          items: [item, item2],
        },
      };
      const created = await A.post(`${opA}/orders`, sent);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ data: { id: expect.any(Number), reference_code: code } });
      const id = created.body.data.id;
      for (const res of [await A.get(`${opA}/orders/${id}`), await A.get(`${opA}/orders-by-reference-code/${code}`)]) {
        expect(res.status).toBe(200);
        const o = res.body.data;
        expect(o).toMatchObject({
          id,
          type: 'PURCHASE',
          reference_code: code,
          external_reference_code: '4500012345',
          observations: 'Urgent: plant maintenance in June',
          operation: { id: a.operation.id },
          subsidiary: { id: subsidiary, name: 'Filial Santos' },
          extra_fields: null,
          processes: [],
          finished_at: null,
          canceled_at: null,
          deleted_at: null,
          sales_order: null,
        });
        expect(o.inserted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
        const { items, ...part } = sent.purchase_order;
        expect(o.purchase_order).toMatchObject({ ...part, id: expect.any(Number) });
        expect(o.purchase_order.items).toHaveLength(2);
        expect(o.purchase_order.items[0]).toMatchObject({
          ...readShape(item),
          id: expect.any(Number),
          balance: '1200.0000',
          balance_shipped: '0.0000',
          product: { code: products[0], description: 'Product 0', mercosul_code: '84818099', package_type: 'BOXES', id: expect.any(Number) },
          order_currency: { code: 'USD', name: expect.any(String), symbol: expect.anything() },
          manufacturing_country: { code: 'DE', iso3: 'DEU', name: expect.any(String) },
        });
        expect(o.purchase_order.items[1]).toMatchObject({ line_reference: '20', quantity: '3', balance: '3', balance_shipped: '0', product: { code: products[1] } });
        // The handler map and the deprecated list carry the same entries.
        expect(o.handler.importer).toMatchObject({
          id: expect.any(Number),
          reference: 'IMP-1',
          business_unit: null,
          secondary_reference: null,
          actor: { id: importer, roles: [{ role: 'IMPORTER', access_group: null }] },
          operation_handler: { id: slot(a, 'importer'), role: 'importer' },
        });
        expect(o.handler.customs_broker).toMatchObject({
          business_unit: 'Santos',
          reference: 'BRK-2025-0113',
          secondary_reference: 'S-2',
          actor: { id: broker },
          operation_handler: { id: slot(a, 'customs_broker'), role: 'customs_broker' },
        });
        expect(o.handler.supplier).toBeNull();
        expect(o.handlers.map((h: any) => h.operation_handler.role).sort()).toEqual(['customs_broker', 'importer']);
        expect(o.handlers.find((h: any) => h.id === o.handler.importer.id)).toEqual(o.handler.importer);
      }
    });

    it('creates a sales order with every field and reads it back, with balance derived from the quantity', async () => {
      const code = uniq('ORC-');
      const item = fullSalesItem('1', products[2]);
      const sent = {
        reference_code: code,
        sales_order: { type: 'DIRECT', order_received_at: '2025-03-10T09:00:00Z', order_confirmed_at: '2025-03-11T09:00:00Z', items: [item] },
      };
      const created = await A.post(`${opA}/orders`, sent);
      expect(created.status).toBe(201);
      const o = (await A.get(`${opA}/orders-by-reference-code/${code}`)).body.data;
      expect(o).toMatchObject({ type: 'SALES', purchase_order: null, subsidiary: null });
      const { items, ...part } = sent.sales_order;
      expect(o.sales_order).toMatchObject(part);
      expect(o.sales_order.items[0]).toMatchObject({
        ...readShape(item),
        balance: '500.0000',
        balance_shipped: '0.0000',
        product: { code: products[2], description: 'Product 2', mercosul_code: '84818099', package_type: 'BOXES' },
      });
      expect(Object.values(o.handler).every((h) => h === null)).toBe(true);
      expect(o.handlers).toEqual([]);
    });

    it('takes a sales order without items, and a product by product_id as well as by product_code', async () => {
      const productId = (await A.get(`/products-by-code/${products[1]}`)).body.data.id;
      const code = uniq('ORC-');
      expect((await A.post(`${opA}/orders`, { reference_code: code, sales_order: { type: 'INDIRECT' } })).status).toBe(201);
      const o = (await A.get(`${opA}/orders-by-reference-code/${code}`)).body.data;
      expect(o.sales_order).toMatchObject({ type: 'INDIRECT', items: [] });
      const code2 = uniq('ORC-');
      const res = await A.post(`${opA}/orders`, po(code2, [{ line_reference: '1', product_id: productId, quantity: '1' } as any]));
      expect(res.status).toBe(201);
      const o2 = (await A.get(`${opA}/orders-by-reference-code/${code2}`)).body.data;
      expect(o2.purchase_order.items[0].product).toMatchObject({ id: productId, code: products[1] });
    });

    it('creates a ROAD_TRANSPORT order only when the type is sent, and derives PURCHASE and SALES from the part sent', async () => {
      const code = uniq('ORC-');
      const res = await A.post(`${opA}/orders`, { reference_code: code, type: 'ROAD_TRANSPORT', observations: 'truck' });
      expect(res.status).toBe(201);
      const o = (await A.get(`${opA}/orders/${res.body.data.id}`)).body.data;
      expect(o).toMatchObject({ type: 'ROAD_TRANSPORT', purchase_order: null, sales_order: null, observations: 'truck' });
      const explicit = await A.post(`${opA}/orders`, { ...po(), type: 'PURCHASE' });
      expect(explicit.status).toBe(201);
    });

    it('accepts the deprecated flat handlers list and an inline actor, found again by its document', async () => {
      const code = uniq('ORC-');
      const doc = '11.222.333/0001-81';
      const res = await A.post(`${opA}/orders`, {
        ...po(code),
        handlers: [
          { operation_handler_id: slot(a, 'supplier'), actor: { official_name: 'Fornecedora XYZ Ltda', official_document: doc, document_type: 'CNPJ' } },
          { operation_handler_id: slot(a, 'customs_broker'), actor_id: broker, reference: 'AG-1' },
        ],
      });
      expect(res.status).toBe(201);
      const o = (await A.get(`${opA}/orders/${res.body.data.id}`)).body.data;
      expect(o.handler.supplier.actor).toMatchObject({ official_name: 'Fornecedora XYZ Ltda', official_document: '11222333000181', document_type: 'CNPJ' });
      expect(o.handler.customs_broker).toMatchObject({ reference: 'AG-1', actor: { id: broker }, operation_handler: { role: 'customs_broker' } });
      expect(o.handlers).toHaveLength(2);
      // The same inline actor on another order reuses the actor.
      const again = await A.post(`${opA}/orders`, {
        ...po(),
        handler: { supplier: { operation_handler_id: slot(a, 'supplier'), actor: { official_name: 'Other name', official_document: '11222333000181', document_type: 'CNPJ' } } },
      });
      const o2 = (await A.get(`${opA}/orders/${again.body.data.id}`)).body.data;
      expect(o2.handler.supplier.actor.id).toBe(o.handler.supplier.actor.id);
      // Named inline, the actor became a partner holding the role of its slot.
      const made = await A.get(`/actors/${o.handler.supplier.actor.id}`);
      expect(made.body.data.roles.map((r: any) => r.role)).toEqual(['SUPPLIER']);
    });
  });

  describe('validation', () => {
    const create = (params: unknown) => A.post(`${opA}/orders`, params, en);

    it('requires reference_code, the part type, purchase items, line references and a product on purchase items', async () => {
      const cases: [unknown, { name: string; message: string }[]][] = [
        [{ purchase_order: { type: 'DIRECT', items: [{ line_reference: '1', product_code: products[0] }] } }, [{ name: 'reference_code', message: blank }]],
        [{ ...po(), reference_code: null }, [{ name: 'reference_code', message: blank }]],
        [{ ...po(), reference_code: '  ' }, [{ name: 'reference_code', message: blank }]],
        [{ reference_code: uniq('ORC-'), purchase_order: { items: [{ line_reference: '1', product_code: products[0] }] } }, [{ name: 'purchase_order.type', message: blank }]],
        [{ reference_code: uniq('ORC-'), sales_order: { items: [] } }, [{ name: 'sales_order.type', message: blank }]],
        [{ reference_code: uniq('ORC-'), purchase_order: { type: 'DIRECT' } }, [{ name: 'purchase_order.items', message: blank }]],
        [{ reference_code: uniq('ORC-'), purchase_order: { type: 'DIRECT', items: [] } }, [{ name: 'purchase_order.items', message: blank }]],
        [po(uniq('ORC-'), [{ product_code: products[0] } as any]), [{ name: 'purchase_order.items.0.line_reference', message: blank }]],
        [
          { reference_code: uniq('ORC-'), sales_order: { type: 'DIRECT', items: [{ product_code: products[0] }] } },
          [{ name: 'sales_order.items.0.line_reference', message: blank }],
        ],
        [po(uniq('ORC-'), [{ line_reference: '1' } as any]), [{ name: 'purchase_order.items.0.product_id', message: blank }]],
        [{ reference_code: uniq('ORC-') }, [{ name: 'type', message: blank }]],
        [{ reference_code: uniq('ORC-'), type: 'PURCHASE' }, [{ name: 'purchase_order', message: blank }]],
        [{ reference_code: uniq('ORC-'), type: 'SALES' }, [{ name: 'sales_order', message: blank }]],
      ];
      for (const [params, fields] of cases) {
        const res = await create(params);
        expect(res.status, JSON.stringify(params)).toBe(422);
        expect(res.body).toEqual(errorBody('UNPROCESSABLE_ENTITY', 'Provided data are invalid.', fields));
      }
    });

    it('refuses unknown products, mismatched product_id and product_code, and unknown references', async () => {
      const otherId = (await A.get(`/products-by-code/${products[1]}`)).body.data.id;
      const bProduct = await B.post('/products', { code: uniq('PRD-'), description: 'b' });
      const cases: [unknown, { name: string; message: string }[]][] = [
        [po(uniq('ORC-'), [{ line_reference: '1', product_code: 'NOPE-1' } as any]), [{ name: 'purchase_order.items.0.product_code', message: missing }]],
        [po(uniq('ORC-'), [{ line_reference: '1', product_id: 987654321 } as any]), [{ name: 'purchase_order.items.0.product_id', message: missing }]],
        [po(uniq('ORC-'), [{ line_reference: '1', product_id: bProduct.body.data.id } as any]), [{ name: 'purchase_order.items.0.product_id', message: missing }]],
        [
          po(uniq('ORC-'), [{ line_reference: '1', product_id: otherId, product_code: products[0] } as any]),
          [{ name: 'purchase_order.items.0.product_code', message: invalid }],
        ],
        [
          po(uniq('ORC-'), [
            { line_reference: '1', product_code: products[0] },
            { line_reference: '1', product_code: products[0] },
          ] as any),
          [{ name: 'purchase_order.items.1.line_reference', message: taken }],
        ],
        [
          po(uniq('ORC-'), [
            { line_reference: '1', product_code: products[0], order_currency_code: 'XXZ', purchase_country_code: 'ZZ', item_foreign_operators: [987654] } as any,
          ]),
          [
            { name: 'purchase_order.items.0.purchase_country_code', message: missing },
            { name: 'purchase_order.items.0.order_currency_code', message: missing },
            { name: 'purchase_order.items.0.item_foreign_operators.0', message: missing },
          ],
        ],
        [{ ...po(), subsidiary_id: 987654 }, [{ name: 'subsidiary_id', message: missing }]],
        [{ ...po(), sales_order: { type: 'DIRECT' } }, [{ name: 'sales_order', message: invalid }]],
        [{ ...po(), type: 'SALES' }, [{ name: 'type', message: invalid }]],
        [{ ...po(), type: 'ROAD_TRANSPORT' }, [{ name: 'type', message: invalid }]],
      ];
      for (const [params, fields] of cases) {
        const res = await create(params);
        expect(res.status, JSON.stringify(params)).toBe(422);
        expect(res.body.fields).toEqual(fields);
      }
    });

    it('answers 400 for unknown enum values and values of the wrong type', async () => {
      const cases: [unknown, string][] = [
        [{ ...po(), purchase_order: { type: 'SOMETIMES', items: [] } }, 'purchase_order.type'],
        [{ ...po(), type: 'BOAT' }, 'type'],
        [po(uniq('ORC-'), [{ line_reference: '1', product_code: products[0], quantity: 12 } as any]), 'purchase_order.items.0.quantity'],
        [po(uniq('ORC-'), [{ line_reference: '1', product_code: products[0], quantity: '1,5' } as any]), 'purchase_order.items.0.quantity'],
        [po(uniq('ORC-'), [{ line_reference: '1', product_code: products[0], supplier_readiness_at: 'soon' } as any]), 'purchase_order.items.0.supplier_readiness_at'],
        [{ ...po(), handler: { importer: { operation_handler_id: '12', actor_id: importer } } }, 'handler.importer.operation_handler_id'],
        [{ ...po(), subsidiary_id: 'x' }, 'subsidiary_id'],
      ];
      for (const [params, name] of cases) {
        const res = await create(params);
        expect(res.status, JSON.stringify(params)).toBe(400);
        expect(res.body.code).toBe('BAD_REQUEST');
        expect(res.body.fields).toEqual([{ name, message: invalid }]);
      }
      const noWrapper = await api('POST', `${opA}/orders`, { key: a.api_key, body: po(), query: en });
      expect(noWrapper.status).toBe(400);
    });

    it('validates handler entries: slot required, of the same role and operation; actor_id or actor; existing ids only', async () => {
      const s = slot(a, 'importer');
      const otherCompanySlot = slot(b, 'importer');
      const bActor = await partner(B, ['IMPORTER']);
      const cases: [unknown, { name: string; message: string }[]][] = [
        [{ importer: { actor_id: importer } }, [{ name: 'handler.importer.operation_handler_id', message: blank }]],
        [{ importer: { operation_handler_id: slot(a, 'supplier'), actor_id: importer } }, [{ name: 'handler.importer.operation_handler_id', message: invalid }]],
        [{ importer: { operation_handler_id: otherCompanySlot, actor_id: importer } }, [{ name: 'handler.importer.operation_handler_id', message: missing }]],
        [{ importer: { operation_handler_id: s } }, [{ name: 'handler.importer.actor_id', message: blank }]],
        [{ importer: { operation_handler_id: s, actor_id: 987654 } }, [{ name: 'handler.importer.actor_id', message: missing }]],
        [{ importer: { operation_handler_id: s, actor_id: bActor } }, [{ name: 'handler.importer.actor_id', message: missing }]],
        [{ importer: { operation_handler_id: s, actor_id: broker } }, [{ name: 'handler.importer.actor_id', message: 'does not hold this role in a partnership' }]],
        [{ importer: { operation_handler_id: s, actor_id: importer, actor: { official_name: 'x' } } }, [{ name: 'handler.importer.actor', message: invalid }]],
        [{ importer: { operation_handler_id: s, actor: { trading_name: 'x' } } }, [{ name: 'handler.importer.actor.official_name', message: blank }]],
        [
          { importer: { operation_handler_id: s, actor: { official_name: 'x', official_document: '11222333000182', document_type: 'CNPJ' } } },
          [{ name: 'handler.importer.actor.official_document', message: invalid }],
        ],
        [
          { importer: { operation_handler_id: s, actor: { official_name: 'x', official_document: '52998224726', document_type: 'CPF' } } },
          [{ name: 'handler.importer.actor.official_document', message: invalid }],
        ],
      ];
      for (const [handler, fields] of cases) {
        const res = await create({ ...po(), handler });
        expect(res.status, JSON.stringify(handler)).toBe(422);
        expect(res.body.fields).toEqual(fields);
      }
      const list = await create({ ...po(), handlers: [{ actor_id: importer }, { operation_handler_id: s, actor_id: importer }, { operation_handler_id: s, actor_id: importer }] });
      expect(list.status).toBe(422);
      expect(list.body.fields).toEqual([
        { name: 'handlers.0.operation_handler_id', message: blank },
        { name: 'handlers.2.operation_handler_id', message: taken },
      ]);
      const both = await create({ ...po(), handler: { importer: { operation_handler_id: s, actor_id: importer } }, handlers: [{ operation_handler_id: s, actor_id: importer }] });
      expect(both.body.fields).toEqual([{ name: 'handlers.0.operation_handler_id', message: taken }]);
    });

    it('treats a POST with the reference code of a live order as an update of that order (docs/decisions/010-write-path.md)', async () => {
      const code = uniq('ORC-');
      const first = await create(po(code));
      expect(first.status).toBe(201);
      const again = await create({ ...po(code), observations: 'sent twice' });
      expect(again.status).toBe(201);
      expect(again.body.data.id).toBe(first.body.data.id);
      expect((await A.get(`${opA}/orders/${first.body.data.id}`)).body.data.observations).toBe('sent twice');
      // Another company may use the same code.
      expect((await B.post(`${opB}/orders`, { reference_code: code, type: 'ROAD_TRANSPORT' })).status).toBe(201);
    });
  });

  describe('update', () => {
    it('updates by id keeping fields left out; items sent replace the stored ones, matched by line_reference', async () => {
      const code = uniq('ORC-');
      const created = await A.post(`${opA}/orders`, {
        reference_code: code,
        observations: 'keep me',
        external_reference_code: 'EXT-1',
        purchase_order: {
          type: 'DIRECT',
          necessity_date: '2025-06-01T00:00:00Z',
          items: [
            { line_reference: '10', product_code: products[0], quantity: '5.00', item_status: 'OPEN', order_unit_value: '2.5' },
            { line_reference: '20', product_code: products[1], quantity: '7' },
          ],
        },
      });
      const id = created.body.data.id;
      const before = (await A.get(`${opA}/orders/${id}`)).body.data;
      const res = await A.put(`${opA}/orders/${id}`, {
        external_reference_code: 'EXT-2',
        purchase_order: {
          type: 'INDIRECT',
          items: [
            { line_reference: '10', quantity: '6.00' },
            { line_reference: '30', product_code: products[2], quantity: '1' },
          ],
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { id, reference_code: code } });
      const after = (await A.get(`${opA}/orders/${id}`)).body.data;
      expect(after).toMatchObject({ observations: 'keep me', external_reference_code: 'EXT-2', type: 'PURCHASE' });
      expect(after.purchase_order).toMatchObject({ id: before.purchase_order.id, type: 'INDIRECT', necessity_date: '2025-06-01T00:00:00Z' });
      expect(after.purchase_order.items.map((i: any) => [i.line_reference, i.quantity])).toEqual([
        ['10', '6.00'],
        ['30', '1'],
      ]);
      const line10 = after.purchase_order.items[0];
      expect(line10).toMatchObject({ id: before.purchase_order.items[0].id, item_status: 'OPEN', order_unit_value: '2.5', product: { code: products[0] } });
    });

    it('updates by reference code; a new reference code must be free; the type never changes', async () => {
      const code = uniq('ORC-');
      const other = uniq('ORC-');
      await A.post(`${opA}/orders`, po(code));
      await A.post(`${opA}/orders`, po(other));
      const clash = await A.put(`${opA}/orders-by-reference-code/${code}`, { reference_code: other }, en);
      expect(clash.status).toBe(422);
      expect(clash.body.fields).toEqual([{ name: 'reference_code', message: taken }]);
      const blanked = await A.put(`${opA}/orders-by-reference-code/${code}`, { reference_code: '' }, en);
      expect(blanked.body.fields).toEqual([{ name: 'reference_code', message: blank }]);
      const toSales = await A.put(`${opA}/orders-by-reference-code/${code}`, { sales_order: { type: 'DIRECT' } }, en);
      expect(toSales.status).toBe(422);
      expect(toSales.body.fields).toEqual([{ name: 'sales_order', message: invalid }]);
      const toRoad = await A.put(`${opA}/orders-by-reference-code/${code}`, { type: 'ROAD_TRANSPORT' }, en);
      expect(toRoad.body.fields).toEqual([{ name: 'type', message: invalid }]);
      const renamed = uniq('ORC-');
      const ok = await A.put(`${opA}/orders-by-reference-code/${code}`, { reference_code: renamed, observations: 'renamed' });
      expect(ok.status).toBe(200);
      expect(ok.body.data.reference_code).toBe(renamed);
      expect((await A.get(`${opA}/orders-by-reference-code/${code}`)).status).toBe(404);
      expect((await A.get(`${opA}/orders-by-reference-code/${renamed}`)).body.data.observations).toBe('renamed');
    });

    it('replaces handler entries with the map sent: roles left out are removed, an empty map removes all, and existing entries need no slot', async () => {
      const code = uniq('ORC-');
      const { body } = await A.post(`${opA}/orders`, {
        ...po(code),
        handler: {
          importer: { operation_handler_id: slot(a, 'importer'), actor_id: importer, reference: 'R1' },
          customs_broker: { operation_handler_id: slot(a, 'customs_broker'), actor_id: broker },
        },
      });
      const before = (await A.get(`${opA}/orders/${body.data.id}`)).body.data;
      const res = await A.put(`${opA}/orders/${body.data.id}`, { handler: { importer: { business_unit: 'BU-9' } } });
      expect(res.status).toBe(200);
      const after = (await A.get(`${opA}/orders/${body.data.id}`)).body.data;
      expect(after.handler.importer).toMatchObject({ id: before.handler.importer.id, reference: 'R1', business_unit: 'BU-9', actor: { id: importer } });
      expect(after.handler.customs_broker).toBeNull();
      expect(after.handlers).toHaveLength(1);
      await A.put(`${opA}/orders/${body.data.id}`, { observations: 'no handler change' });
      expect((await A.get(`${opA}/orders/${body.data.id}`)).body.data.handlers).toHaveLength(1);
      await A.put(`${opA}/orders/${body.data.id}`, { handler: {} });
      expect((await A.get(`${opA}/orders/${body.data.id}`)).body.data.handlers).toEqual([]);
    });
  });

  describe('item routes', () => {
    it('updates one purchase order line by the order reference code and line reference, keeping the others', async () => {
      const code = uniq('ORC-');
      await A.post(`${opA}/orders`, {
        reference_code: code,
        purchase_order: {
          type: 'DIRECT',
          items: [
            { line_reference: '10', product_code: products[0], quantity: '1200.0000', item_status: 'OPEN' },
            { line_reference: '20', product_code: products[1], quantity: '300.0000' },
          ],
        },
      });
      const before = (await A.get(`${opA}/orders-by-reference-code/${code}`)).body.data;
      const res = await A.put(`${opA}/orders/${code}/purchase-order-items/10`, {
        line_reference: '10',
        product_code: products[2],
        quantity: '1100.0000',
        item_foreign_operators: [broker],
        dispatching_country_code: 'cn',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { id: before.id, reference_code: code } });
      const after = (await A.get(`${opA}/orders-by-reference-code/${code}`)).body.data;
      expect(after.purchase_order.items[0]).toMatchObject({
        id: before.purchase_order.items[0].id,
        quantity: '1100.0000',
        item_status: 'OPEN',
        product: { code: products[2] },
        item_foreign_operators: [broker],
        dispatching_country: { code: 'CN' },
      });
      expect(after.purchase_order.items[1]).toEqual(before.purchase_order.items[1]);
      // Renaming a line to a free reference works; to a used one does not.
      const clash = await A.put(`${opA}/orders/${code}/purchase-order-items/10`, { line_reference: '20' }, en);
      expect(clash.status).toBe(422);
      expect(clash.body.fields).toEqual([{ name: 'line_reference', message: taken }]);
      const renamed = await A.put(`${opA}/orders/${code}/purchase-order-items/10`, { line_reference: '15' });
      expect(renamed.status).toBe(200);
      const lines = (await A.get(`${opA}/orders-by-reference-code/${code}`)).body.data.purchase_order.items.map((i: any) => i.line_reference);
      expect(lines).toEqual(['15', '20']);
    });

    it('requires line_reference, validates the product, and answers 404 for an unknown line, order or the other kind of item', async () => {
      const code = uniq('ORC-');
      await A.post(`${opA}/orders`, po(code));
      const noLine = await A.put(`${opA}/orders/${code}/purchase-order-items/10`, { quantity: '1' }, en);
      expect(noLine.status).toBe(422);
      expect(noLine.body.fields).toEqual([{ name: 'line_reference', message: blank }]);
      const badProduct = await A.put(`${opA}/orders/${code}/purchase-order-items/10`, { line_reference: '10', product_code: 'NOPE' }, en);
      expect(badProduct.body.fields).toEqual([{ name: 'product_code', message: missing }]);
      expect((await A.put(`${opA}/orders/${code}/purchase-order-items/99`, { line_reference: '99' })).status).toBe(404);
      expect((await A.put(`${opA}/orders/${code}/sales-order-items/10`, { line_reference: '10' })).status).toBe(404);
      expect((await A.put(`${opA}/orders/${uniq('NOPE-')}/purchase-order-items/10`, { line_reference: '10' })).status).toBe(404);
    });

    it('updates one sales order line', async () => {
      const code = uniq('ORC-');
      await A.post(`${opA}/orders`, { reference_code: code, sales_order: { type: 'DIRECT', items: [fullSalesItem('1', products[0]), { line_reference: '2' }] } });
      const res = await A.put(`${opA}/orders/${code}/sales-order-items/1`, { line_reference: '1', quantity: '450.0000', containers_quantity: 1 });
      expect(res.status).toBe(200);
      const o = (await A.get(`${opA}/orders-by-reference-code/${code}`)).body.data;
      expect(o.sales_order.items[0]).toMatchObject({ ...readShape(fullSalesItem('1', products[0])), quantity: '450.0000', balance: '450.0000', containers_quantity: 1 });
      expect(o.sales_order.items[1]).toMatchObject({ line_reference: '2', product: null, quantity: null, balance: null });
    });
  });

  describe('lifecycle', () => {
    const state = async (id: number) => {
      const o = (await A.get(`${opA}/orders/${id}`)).body.data;
      return { finished: o.finished_at !== null, canceled: o.canceled_at !== null };
    };

    it('finishes, cancels and uncancels by id as docs/orders.md#lifecycle allows, refusing every other transition with 422', async () => {
      const { body } = await A.post(`${opA}/orders`, po());
      const { id, reference_code } = body.data;
      const act = (action: string) => A.put(`${opA}/orders/${id}/${action}`, undefined, en);
      // active: uncancel refused
      let res = await act('uncancel');
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual([{ name: 'status', message: notAllowed }]);
      // active -> finished
      res = await act('finish');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { id, reference_code } });
      expect(await state(id)).toEqual({ finished: true, canceled: false });
      expect((await act('finish')).status).toBe(422);
      expect((await act('uncancel')).status).toBe(422);
      // finished -> canceled
      expect((await act('cancel')).status).toBe(200);
      expect(await state(id)).toEqual({ finished: true, canceled: true });
      expect((await act('cancel')).status).toBe(422);
      expect((await act('finish')).status).toBe(422);
      // canceled -> finished again
      expect((await act('uncancel')).status).toBe(200);
      expect(await state(id)).toEqual({ finished: true, canceled: false });
    });

    it('runs the same lifecycle by reference code, and an active order can be canceled directly', async () => {
      const { body } = await A.post(`${opA}/orders`, po());
      const { id, reference_code } = body.data;
      const act = (action: string) => A.put(`${opA}/orders-by-reference-code/${reference_code}/${action}`, undefined, en);
      expect((await act('uncancel')).status).toBe(422);
      const canceled = await act('cancel');
      expect(canceled.status).toBe(200);
      expect(canceled.body).toEqual({ data: { id, reference_code } });
      expect(await state(id)).toEqual({ finished: false, canceled: true });
      expect((await act('finish')).status).toBe(422);
      expect((await act('uncancel')).status).toBe(200);
      expect(await state(id)).toEqual({ finished: false, canceled: false });
      expect((await act('finish')).status).toBe(200);
      expect(await state(id)).toEqual({ finished: true, canceled: false });
      expect((await A.put(`${opA}/orders-by-reference-code/${uniq('X-')}/finish`)).status).toBe(404);
    });

    it('deletes by id and by reference code: 404 afterwards everywhere, left out of lists, reference code reusable', async () => {
      for (const by of ['id', 'reference_code'] as const) {
        const code = uniq('ORC-');
        const { body } = await A.post(`${opA}/orders`, po(code));
        const id = body.data.id;
        const del = by === 'id' ? await A.del(`${opA}/orders/${id}`) : await A.del(`${opA}/orders-by-reference-code/${code}`);
        expect(del.status).toBe(200);
        expect(del.body).toEqual({ data: { id, reference_code: code } });
        expect((await A.get(`${opA}/orders/${id}`)).status).toBe(404);
        expect((await A.get(`${opA}/orders-by-reference-code/${code}`)).status).toBe(404);
        expect((await A.del(`${opA}/orders/${id}`)).status).toBe(404);
        expect((await A.put(`${opA}/orders/${id}`, { observations: 'x' })).status).toBe(404);
        expect((await A.put(`${opA}/orders/${id}/finish`)).status).toBe(404);
        expect((await A.put(`${opA}/orders-by-reference-code/${code}/cancel`)).status).toBe(404);
        expect((await A.put(`${opA}/orders/${code}/purchase-order-items/10`, { line_reference: '10' })).status).toBe(404);
        const list = await A.get(`${opA}/orders`, `filters[reference_codes]=${code}`);
        expect(list.body).toEqual({ data: [], total_count: 0, next_cursor: null });
        const again = await A.post(`${opA}/orders`, po(code));
        expect(again.status).toBe(201);
        expect(again.body.data.id).not.toBe(id);
      }
    });
  });

  describe('batch upsert', () => {
    it('creates then updates by reference code keeping the ids, answers 200 in the order sent, and leaves unlisted orders untouched', async () => {
      const [c1, c2, untouched] = [uniq('ORC-'), uniq('ORC-'), uniq('ORC-')];
      const kept = await A.post(`${opA}/orders`, { ...po(untouched), observations: 'stays' });
      const first = await A.put(`${opA}/orders`, [
        { ...po(c1), observations: 'one' },
        { reference_code: c2, sales_order: { type: 'DIRECT', items: [{ line_reference: '1', product_code: products[0], quantity: '2' }] } },
      ]);
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual([
        { id: expect.any(Number), reference_code: c1 },
        { id: expect.any(Number), reference_code: c2 },
      ]);
      const second = await A.put(`${opA}/orders`, [
        { reference_code: c2, observations: 'two updated' },
        { reference_code: c1, purchase_order: { type: 'INDIRECT', items: [{ line_reference: '10', quantity: '99' }] } },
      ]);
      expect(second.status).toBe(200);
      expect(second.body.data).toEqual([
        { id: first.body.data[1].id, reference_code: c2 },
        { id: first.body.data[0].id, reference_code: c1 },
      ]);
      const o1 = (await A.get(`${opA}/orders-by-reference-code/${c1}`)).body.data;
      expect(o1).toMatchObject({ observations: 'one', purchase_order: { type: 'INDIRECT', items: [{ line_reference: '10', quantity: '99', product: { code: products[0] } }] } });
      const o2 = (await A.get(`${opA}/orders-by-reference-code/${c2}`)).body.data;
      expect(o2).toMatchObject({ type: 'SALES', observations: 'two updated', sales_order: { items: [{ line_reference: '1', quantity: '2' }] } });
      const k = (await A.get(`${opA}/orders/${kept.body.data.id}`)).body.data;
      expect(k).toMatchObject({ reference_code: untouched, observations: 'stays' });
    });

    it('is all or nothing: one bad element writes nothing, with indexed field names', async () => {
      const existing = uniq('ORC-');
      const fresh = uniq('ORC-');
      await A.post(`${opA}/orders`, { ...po(existing), observations: 'before' });
      const res = await A.put(
        `${opA}/orders`,
        [
          { reference_code: existing, observations: 'after' },
          { ...po(fresh), purchase_order: { type: 'DIRECT', items: [{ product_code: products[0] }] } },
          { observations: 'no code' },
          { reference_code: null },
        ],
        en,
      );
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual([
        { name: '1.purchase_order.items.0.line_reference', message: blank },
        { name: '2.reference_code', message: blank },
        { name: '2.type', message: blank },
        { name: '3.reference_code', message: blank },
        { name: '3.type', message: blank },
      ]);
      expect((await A.get(`${opA}/orders-by-reference-code/${fresh}`)).status).toBe(404);
      expect((await A.get(`${opA}/orders-by-reference-code/${existing}`)).body.data.observations).toBe('before');
      const dup = await A.put(`${opA}/orders`, [po(fresh), po(fresh)], en);
      expect(dup.status).toBe(422);
      expect(dup.body.fields).toEqual([{ name: '1.reference_code', message: taken }]);
      expect((await A.get(`${opA}/orders-by-reference-code/${fresh}`)).status).toBe(404);
      const notArray = await A.put(`${opA}/orders`, po(), en);
      expect(notArray.status).toBe(400);
    });
  });

  describe('list', () => {
    let co: TestCompany;
    let C: Client;
    let op: string;
    const codes: Record<string, string> = {};
    beforeAll(async () => {
      co = await newCompany();
      C = client(co.api_key);
      op = `/operations/${co.operation.id}`;
      await C.post('/products', { code: 'PRD-L1', description: 'l1' });
      const batch = Array.from({ length: 12 }, (_, i) => {
        const code = `ORC-${String(i + 1).padStart(2, '0')}`;
        codes[i] = code;
        const items = Array.from({ length: 3 }, (_, j) => ({ line_reference: String(j + 1), product_code: 'PRD-L1', quantity: '1' }));
        return i % 3 === 0
          ? { reference_code: code, purchase_order: { type: 'DIRECT', items }, observations: i === 0 ? 'needle in haystack' : undefined }
          : i % 3 === 1
            ? { reference_code: code, sales_order: { type: 'DIRECT', items } }
            : { reference_code: code, type: 'ROAD_TRANSPORT' };
      });
      expect((await C.put(`${op}/orders`, batch)).status).toBe(200);
      await C.put(`${op}/orders-by-reference-code/ORC-01/finish`);
      await C.put(`${op}/orders-by-reference-code/ORC-02/cancel`);
    });

    it('lists orders with total_count, pagination and sorting', async () => {
      const page = await C.get(`${op}/orders`, 'limit=5&offset=0');
      expect(page.status).toBe(200);
      expect(page.body.total_count).toBe(12);
      expect(page.body.data.map((o: any) => o.reference_code)).toEqual(['ORC-01', 'ORC-02', 'ORC-03', 'ORC-04', 'ORC-05']);
      expect(page.body.data[0].purchase_order.items).toHaveLength(3);
      const desc = await C.get(`${op}/orders`, 'limit=2&order_by[0][field]=reference_code&order_by[0][order]=DESC');
      expect(desc.body.data.map((o: any) => o.reference_code)).toEqual(['ORC-12', 'ORC-11']);
      expect((await C.get(`${op}/orders`, 'limit=101')).status).toBe(400);
      expect((await C.get(`${op}/orders`, 'order_by[0][field]=nope')).status).toBe(400);
    });

    it('filters by type, reference codes, status, search and inserted/updated ranges', async () => {
      const refs = async (q: string) => (await C.get(`${op}/orders`, `limit=100&${q}`)).body.data.map((o: any) => o.reference_code);
      expect(await refs('filters[type]=SALES')).toEqual(['ORC-02', 'ORC-05', 'ORC-08', 'ORC-11']);
      expect(await refs('filters[type][]=PURCHASE&filters[type][]=ROAD_TRANSPORT')).toHaveLength(8);
      expect(await refs('filters[reference_codes][]=ORC-03&filters[reference_codes][]=ORC-07')).toEqual(['ORC-03', 'ORC-07']);
      expect(await refs('filters[status]=FINISHED')).toEqual(['ORC-01']);
      expect(await refs('filters[status]=CANCELED')).toEqual(['ORC-02']);
      expect(await refs('filters[status]=ACTIVE')).toHaveLength(10);
      expect(await refs('search=HAYSTACK')).toEqual(['ORC-01']);
      const future = '2999-01-01T00:00:00Z';
      const past = '2000-01-01T00:00:00Z';
      expect(await refs(`filters[inserted_at_from]=${past}&filters[inserted_at_to]=${future}`)).toHaveLength(12);
      expect(await refs(`filters[inserted_at_from]=${future}`)).toEqual([]);
      expect(await refs(`filters[updated_at_to]=${past}`)).toEqual([]);
      expect((await C.get(`${op}/orders`, 'filters[status]=OPEN')).status).toBe(400);
      expect((await C.get(`${op}/orders`, 'filters[inserted_at_from]=yesterday')).status).toBe(400);
    });

    it('runs the same number of SQL statements whatever the page size', async () => {
      // Prisma skips the query of a relation no row of the page has, so every page compared
      // holds each kind of order (purchase, sales, road transport): the first 3 already do.
      await C.get(`${op}/orders`, 'limit=3'); // warms the API key cache, so every count below is the list's own
      const counts = [];
      for (const limit of [3, 6, 12]) {
        const res = await C.get(`${op}/orders`, `limit=${limit}`);
        expect(res.body.data).toHaveLength(limit);
        counts.push(Number(res.headers.get('x-sql-statements')));
      }
      expect(counts[0]).toBeGreaterThan(0);
      expect(new Set(counts).size).toBe(1);
      // Orders, items, handlers and their actors come from one planned query with its relations
      // joined in the database: a few statements, where reloading row by row would take dozens.
      expect(counts[0]).toBeLessThanOrEqual(5);
    });
  });

  describe('tenant isolation', () => {
    it('hides one company\'s orders from another, by id, by reference code, lifecycle, items and through its operation id', async () => {
      const code = uniq('ORC-');
      const { body } = await A.post(`${opA}/orders`, po(code));
      const id = body.data.id;
      for (const op of [opA, opB]) {
        const calls = [
          B.get(`${op}/orders/${id}`),
          B.get(`${op}/orders-by-reference-code/${code}`),
          B.put(`${op}/orders/${id}`, { observations: 'hijack' }),
          B.put(`${op}/orders-by-reference-code/${code}`, { observations: 'hijack' }),
          B.put(`${op}/orders/${id}/finish`),
          B.put(`${op}/orders/${id}/cancel`),
          B.put(`${op}/orders-by-reference-code/${code}/finish`),
          B.put(`${op}/orders-by-reference-code/${code}/uncancel`),
          B.put(`${op}/orders/${code}/purchase-order-items/10`, { line_reference: '10', quantity: '1' }),
          B.del(`${op}/orders/${id}`),
          B.del(`${op}/orders-by-reference-code/${code}`),
        ];
        for (const res of await Promise.all(calls)) {
          expect(res.status).toBe(404);
          expect(res.body.code).toBe('NOT_FOUND');
        }
      }
      for (const res of [
        await B.get(`${opA}/orders`),
        await B.post(`${opA}/orders`, { reference_code: uniq('ORC-'), type: 'ROAD_TRANSPORT' }),
        await B.put(`${opA}/orders`, [{ reference_code: code, observations: 'hijack' }]),
        await B.get('/operations/987654321/orders'),
      ]) {
        expect(res.status).toBe(404);
      }
      const o = (await A.get(`${opA}/orders/${id}`)).body.data;
      expect(o).toMatchObject({ observations: null, finished_at: null, canceled_at: null });
    });

    it('hides actors and partnerships of another company', async () => {
      const res = await A.get(`/actors/${importer}`);
      expect(res.status).toBe(200);
      expect((await B.get(`/actors/${importer}`)).status).toBe(404);
      const listB = await B.get('/actors', 'limit=100');
      expect(listB.body.data.map((x: any) => x.id)).not.toContain(importer);
      // The same internal code in another company is another partnership.
      const ic = uniq('IC-');
      const pa = await A.post('/partnerships', { name: 'Shared', internal_code: ic, roles: [{ role: 'BANK' }] });
      const pb = await B.post('/partnerships', { name: 'Shared', internal_code: ic, roles: [{ role: 'BANK' }] });
      expect(pb.status).toBe(201);
      expect(pb.body.data.id).not.toBe(pa.body.data.id);
      expect(pb.body.data.partner.id).not.toBe(pa.body.data.partner.id);
    });
  });

  describe('actors and partnerships', () => {
    it('creates a partnership with every field, then updates it by internal code with the same ids and replaced roles', async () => {
      const slug = uniq('grp-');
      const group = await graphql(a.api_key, `mutation { upsertAccessGroup(params: { slug: "${slug}", name: "Brokers" }) { accessGroup { id slug name } } }`);
      const g = group.body.data.upsertAccessGroup.accessGroup;
      const ic = uniq('IC-');
      const sent = {
        name: 'Despachos Aduaneiros Santos Ltda',
        trading_name: 'DAS Brokers',
        nickname: 'DAS',
        description: 'Customs broker at Santos',
        contact_details: 'ops@das.example.com',
        internal_code: ic,
        official_document: '11.444.777/0001-61',
        document_type: 'CNPJ',
        roles: [{ role: 'CUSTOMS_BROKER', access_group_slug: slug }, { role: 'FREIGHT_FORWARDER', access_group_id: g.id }, { role: 'AGENT' }],
      };
      const res = await A.post('/partnerships', sent);
      expect(res.status).toBe(201);
      const p = res.body.data;
      expect(p).toMatchObject({
        id: expect.any(Number),
        nickname: 'DAS',
        description: 'Customs broker at Santos',
        contact_details: 'ops@das.example.com',
        internal_code: ic,
        partner: {
          official_name: sent.name,
          trading_name: 'DAS Brokers',
          nickname: 'DAS',
          internal_code: ic,
          official_document: '11444777000161',
          document_type: 'CNPJ',
          verified: false,
        },
      });
      const roles = [
        { role: 'AGENT', access_group_id: null, access_group: null },
        { role: 'CUSTOMS_BROKER', access_group_id: g.id, access_group: g },
        { role: 'FREIGHT_FORWARDER', access_group_id: g.id, access_group: g },
      ];
      expect(p.roles).toEqual(roles);
      const actor = await A.get(`/actors/${p.partner.id}`);
      expect(actor.body.data).toEqual(p.partner);
      expect(actor.body.data.roles).toEqual(roles);
      const upd = await A.post('/partnerships', { name: 'DAS Ltda', internal_code: ic, roles: [{ role: 'IMPORTER' }] });
      expect(upd.status).toBe(201);
      expect(upd.body.data).toMatchObject({ id: p.id, nickname: 'DAS', partner: { id: p.partner.id, official_name: 'DAS Ltda' } });
      expect(upd.body.data.roles).toEqual([{ role: 'IMPORTER', access_group_id: null, access_group: null }]);
    });

    it('identifies a partnership by official document and type when no internal code is sent', async () => {
      const first = await A.post('/partnerships', { name: 'Pessoa', official_document: '529.982.247-25', document_type: 'CPF', roles: [{ role: 'AGENT' }] });
      expect(first.status).toBe(201);
      expect(first.body.data.partner).toMatchObject({ official_document: '52998224725', document_type: 'CPF' });
      const second = await A.post('/partnerships', { name: 'Pessoa 2', official_document: '52998224725', document_type: 'CPF', roles: [{ role: 'BANK' }] });
      expect(second.body.data.id).toBe(first.body.data.id);
      expect(second.body.data.partner.official_name).toBe('Pessoa 2');
      const tin = await A.post('/partnerships', { name: 'Foreign Co', official_document: 'DE123456789', document_type: 'TIN', roles: [{ role: 'SUPPLIER' }] });
      expect(tin.status).toBe(201);
    });

    it('validates partnerships: name, roles, an identity, document type and check digits, access groups, duplicate and unknown roles', async () => {
      const cases: [unknown, { name: string; message: string }[]][] = [
        [{ internal_code: 'X', roles: [{ role: 'BANK' }] }, [{ name: 'name', message: blank }]],
        [{ name: 'X', internal_code: 'X' }, [{ name: 'roles', message: blank }]],
        [{ name: 'X', internal_code: 'X', roles: [] }, [{ name: 'roles', message: blank }]],
        [{ name: 'X', internal_code: 'X', roles: [{}] }, [{ name: 'roles.0.role', message: blank }]],
        [{ name: 'X', roles: [{ role: 'BANK' }] }, [{ name: 'internal_code', message: blank }]],
        [{ name: 'X', official_document: '11222333000181', roles: [{ role: 'BANK' }] }, [{ name: 'document_type', message: blank }]],
        [{ name: 'X', official_document: '11222333000182', document_type: 'CNPJ', roles: [{ role: 'BANK' }] }, [{ name: 'official_document', message: invalid }]],
        [{ name: 'X', official_document: '11111111111111', document_type: 'CNPJ', roles: [{ role: 'BANK' }] }, [{ name: 'official_document', message: invalid }]],
        [{ name: 'X', official_document: '12345678900', document_type: 'CPF', roles: [{ role: 'BANK' }] }, [{ name: 'official_document', message: invalid }]],
        [{ name: 'X', internal_code: 'X', roles: [{ role: 'BANK' }, { role: 'BANK' }] }, [{ name: 'roles.1.role', message: taken }]],
        [{ name: 'X', internal_code: 'X', roles: [{ role: 'BANK', access_group_slug: 'nope' }] }, [{ name: 'roles.0.access_group_slug', message: missing }]],
        [{ name: 'X', internal_code: 'X', roles: [{ role: 'BANK', access_group_id: 987654 }] }, [{ name: 'roles.0.access_group_id', message: missing }]],
      ];
      for (const [params, fields] of cases) {
        const res = await A.post('/partnerships', params, en);
        expect(res.status, JSON.stringify(params)).toBe(422);
        expect(res.body.fields).toEqual(fields);
      }
      const badRole = await A.post('/partnerships', { name: 'X', internal_code: 'X', roles: [{ role: 'PIRATE' }] }, en);
      expect(badRole.status).toBe(400);
      expect(badRole.body.fields).toEqual([{ name: 'roles.0.role', message: invalid }]);
    });

    it('lists actors filtered by partnership role and by search, paginated', async () => {
      const co = await newCompany();
      const C = client(co.api_key);
      await C.post('/partnerships', { name: 'Alpha Importadora', internal_code: 'A', roles: [{ role: 'IMPORTER' }, { role: 'CUSTOMER' }] });
      await C.post('/partnerships', { name: 'Beta Broker', internal_code: 'B', roles: [{ role: 'CUSTOMS_BROKER' }] });
      await C.post('/partnerships', { name: 'Gamma Importers', trading_name: 'Gamma', internal_code: 'G', roles: [{ role: 'IMPORTER' }] });
      const names = async (q: string) => (await C.get('/actors', q)).body.data.map((x: any) => x.official_name);
      expect(await names('filters[partnership_role]=IMPORTER')).toEqual(['Alpha Importadora', 'Gamma Importers']);
      expect(await names('filters[partnership_role]=CUSTOMS_BROKER')).toEqual(['Beta Broker']);
      expect(await names('search=gamma')).toEqual(['Gamma Importers']);
      expect(await names('search=import&filters[partnership_role]=CUSTOMER')).toEqual(['Alpha Importadora']);
      const page = await C.get('/actors', 'limit=1&offset=1');
      expect(page.body).toMatchObject({ total_count: 3, data: [{ official_name: 'Beta Broker' }] });
      expect((await C.get('/actors', 'filters[partnership_role]=PIRATE')).status).toBe(400);
      expect((await C.get('/actors/987654321')).status).toBe(404);
    });
  });

  it('serves the same domain over GraphQL, and documents every order and actor route in OpenAPI', async () => {
    const code = uniq('ORC-');
    await A.post(`${opA}/orders`, po(code));
    const gql = await graphql(
      a.api_key,
      `query($op: Int!, $code: String!) { orderByReferenceCode(operation_id: $op, reference_code: $code) { reference_code type purchase_order { items { line_reference balance } } } }`,
      { op: a.operation.id, code },
    );
    expect(gql.body.data.orderByReferenceCode).toEqual({ reference_code: code, type: 'PURCHASE', purchase_order: { items: [{ line_reference: '10', balance: '10.0000' }] } });
    const missingOrder = await graphql(b.api_key, `{ order(operation_id: ${a.operation.id}, id: 1) { id } }`);
    expect(missingOrder.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const doc = await (await fetch(`${baseUrl()}/openapi.json`)).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/operations/{operation_id}/orders',
      '/operations/{operation_id}/orders/{id}',
      '/operations/{operation_id}/orders/{id}/finish',
      '/operations/{operation_id}/orders/{id}/cancel',
      '/operations/{operation_id}/orders/{id}/uncancel',
      '/operations/{operation_id}/orders-by-reference-code/{reference_code}',
      '/operations/{operation_id}/orders-by-reference-code/{reference_code}/finish',
      '/operations/{operation_id}/orders-by-reference-code/{reference_code}/cancel',
      '/operations/{operation_id}/orders-by-reference-code/{reference_code}/uncancel',
      '/operations/{operation_id}/orders/{reference_code}/purchase-order-items/{line_reference}',
      '/operations/{operation_id}/orders/{reference_code}/sales-order-items/{line_reference}',
      '/actors',
      '/actors/{id}',
      '/partnerships',
    ]) {
      expect(paths.some((x) => x.endsWith(p)), p).toBe(true);
    }
    const schemas = Object.keys(doc.components.schemas);
    for (const s of ['Order', 'OrderParams', 'PurchaseOrderItemParams', 'SalesOrderItemParams', 'Actor', 'Partnership', 'PartnershipParams', 'HandlerParams']) {
      expect(schemas, s).toContain(s);
    }
  });

  it('fills a --demo company with partners of several roles, subsidiaries and a dozen orders of each type at different stages', async () => {
    const res = await fetch(`${baseUrl()}/admin/companies`, {
      method: 'POST',
      headers: { 'admin-token': inject('adminToken'), 'content-type': 'application/json' },
      body: JSON.stringify({ name: uniq('Demo '), demo: true }),
    });
    expect(res.status).toBe(201);
    const demo = (await res.json()) as TestCompany;
    const D = client(demo.api_key);
    const op = `/operations/${demo.operation.id}`;
    const count = async (q: string) => (await D.get(`${op}/orders`, `limit=1&${q}`)).body.total_count;
    expect(await count('filters[type]=PURCHASE')).toBe(12);
    expect(await count('filters[type]=SALES')).toBe(12);
    expect(await count('filters[type]=ROAD_TRANSPORT')).toBe(12);
    expect(await count('filters[status]=ACTIVE')).toBe(9);
    expect(await count('filters[status]=FINISHED')).toBe(9);
    expect(await count('filters[status]=CANCELED')).toBe(18);
    const actors = (await D.get('/actors', 'limit=100')).body.data;
    expect(actors.length).toBeGreaterThanOrEqual(10);
    expect(actors.some((x: any) => x.roles.length >= 3 && x.roles.some((r: any) => r.access_group))).toBe(true);
    const o = (await D.get(`${op}/orders-by-reference-code/ORC-01`)).body.data;
    expect(o.subsidiary).not.toBeNull();
    expect(o.handler.importer.actor.official_name).toBe('Acme Importadora Ltda');
    expect(o.purchase_order.items.length).toBeGreaterThan(0);
  });

  it('lists the processes linked to an order, and derives balance from the quantities on their shipments', async () => {
    const code = uniq('ORC-');
    await A.post(`${opA}/orders`, po(code, [{ line_reference: '10', product_code: products[0], quantity: '1200.0000' }] as any));
    const item = (await A.get(`${opA}/orders-by-reference-code/${code}`)).body.data.purchase_order.items[0];
    const prc = uniq('PRC-');
    const created = await A.post(`${opA}/processes`, {
      reference_code: prc,
      order_reference_codes: [code],
      foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', items: [{ purchase_order_item_id: item.id, quantity: '800.0000' }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const o = (await A.get(`${opA}/orders-by-reference-code/${code}`)).body.data;
    expect(o.processes).toEqual([{ id: created.body.data.id, reference_code: prc }]);
    expect(o.purchase_order.items[0]).toMatchObject({ quantity: '1200.0000', balance_shipped: '800.0000', balance: '400.0000' });
    await A.del(`${opA}/processes/${created.body.data.id}`);
    const after = (await A.get(`${opA}/orders-by-reference-code/${code}`)).body.data;
    expect(after.processes).toEqual([]);
    expect(after.purchase_order.items[0]).toMatchObject({ balance_shipped: '0.0000', balance: '1200.0000' });
  });
});
