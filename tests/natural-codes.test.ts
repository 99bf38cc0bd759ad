// References by the codes integrators hold (docs/processes/foreign_trade_shipment.md,
// "References by code"): ports by UN/LOCODE, airports by IATA or ICAO code, airlines by
// designator, sealines by SCAC, order lines by order reference code and line reference; and the
// reference routes that list them.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, newCompany, uniq, type TestCompany } from './helpers.ts';

type Client = ReturnType<typeof client>;
const en = 'locale=en-US';

describe('reference data routes', () => {
  let A: Client;
  beforeAll(async () => {
    A = client((await newCompany()).api_key);
  });

  it('lists and finds ports by UN/LOCODE, search and country', async () => {
    const list = await A.get('/ports', 'search=santos&filters[country_code]=br&order_by=unlocode');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.map((p: { unlocode: string }) => p.unlocode)).toContain('BRSSZ');
    expect(list.body.data.every((p: { country: { code: string } }) => p.country.code === 'BR')).toBe(true);
    const one = await A.get('/ports/brssz');
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ unlocode: 'BRSSZ', country: { code: 'BR' } });
    expect((await A.get('/ports/ZZZZZ', en)).status).toBe(404);
    const bad = await A.get('/ports/SANTOS', en);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ name: 'unlocode', message: 'is invalid' }]);
  });

  it('finds airports by IATA or ICAO code, sealines by SCAC, and lists airlines, countries and currencies', async () => {
    const byIata = (await A.get('/airports/GRU')).body.data;
    const byIcao = (await A.get('/airports/sbgr')).body.data;
    expect(byIata).toMatchObject({ iata_code: 'GRU', icao_code: 'SBGR' });
    expect(byIcao.id).toBe(byIata.id);
    expect((await A.get('/sealines/MAEU')).body.data).toMatchObject({ scac: 'MAEU' });
    const airlines = await A.get('/airlines', 'search=LATAM&order_by=icao_code');
    expect(airlines.body.data.some((a: { icao_code: string }) => a.icao_code === 'LAN')).toBe(true);
    const countries = await A.get('/countries', 'search=brazil');
    expect(countries.body).toMatchObject({ data: [{ code: 'BR', iso3: 'BRA' }], total_count: 1 });
    const currencies = await A.get('/currencies', 'order_by=-code&limit=2');
    expect(currencies.status).toBe(200);
    expect(currencies.body.data).toHaveLength(2);
    expect(currencies.body.data[0].code > currencies.body.data[1].code).toBe(true);
    expect((await A.get('/currencies', `filters[country_code]=BR&${en}`)).status).toBe(400);
  });
});

describe('natural codes in place of ids', () => {
  let a: TestCompany;
  let A: Client;
  let P: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    a = await newCompany();
    A = client(a.api_key);
    P = `/operations/${a.operation.id}/processes`;
    ids.santos = (await A.get('/ports/BRSSZ')).body.data.id;
    ids.rotterdam = (await A.get('/ports/NLRTM')).body.data.id;
    ids.gru = (await A.get('/airports/GRU')).body.data.id;
    ids.mia = (await A.get('/airports/MIA')).body.data.id;
    ids.maeu = (await A.get('/sealines/MAEU')).body.data.id;
    ids.latam = (await A.get('/airlines', 'search=LATAM')).body.data.find((x: { icao_code: string }) => x.icao_code === 'LAN').id;
  });

  const shipment = () => ({
    type: 'MARITIME_TRANSPORT',
    maritime_transport_shipment: { loading_port_code: 'brssz', discharge_port_code: ' NLRTM ', sealine_code: 'MAEU' },
    air_transport_shipment: { airline_code: 'LAN', origin_airport_code: 'GRU', destination_airport_code: 'KMIA', house_awbs: [{ hawb: 'H-1', airline_code: 'LA', loading_airport_code: 'MIA' }] },
    international_freight: { booking_loading_port_code: 'BRSSZ', booking_discharge_airport_code: 'GRU', sealine_code: 'MAEU' },
  });

  const expectIds = (s: Record<string, any>) => {
    expect(s.maritime_transport_shipment).toMatchObject({ loading_port_id: ids.santos, discharge_port_id: ids.rotterdam, sealine_id: ids.maeu });
    expect(s.maritime_transport_shipment.loading_port.unlocode).toBe('BRSSZ');
    expect(s.air_transport_shipment).toMatchObject({ airline_id: ids.latam, origin_airport_id: ids.gru, destination_airport_id: ids.mia });
    expect(s.air_transport_shipment.house_awbs[0]).toMatchObject({ airline_id: ids.latam, loading_airport_id: ids.mia });
    expect(s.international_freight).toMatchObject({ booking_loading_port_id: ids.santos, booking_discharge_airport_id: ids.gru, sealine_id: ids.maeu });
  };

  it('takes codes on create, batch upsert and both updates, and answers the ids with their objects', async () => {
    const created = await A.post(P, { reference_code: uniq('PRC-'), foreign_trade_shipment: shipment() }, en);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectIds((await A.get(`${P}/${created.body.data.id}`)).body.data.foreign_trade_shipment);

    const code = uniq('PRC-');
    const batch = await A.put(P, [{ reference_code: code, foreign_trade_shipment: shipment() }], en);
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    const stored = (await A.get(`/operations/${a.operation.id}/processes-by-reference-code/${code}`)).body.data;
    expectIds(stored.foreign_trade_shipment);

    // Updates by id and by reference code: the code replaces the stored reference; null clears it.
    const byId = await A.put(`${P}/${stored.id}`, { foreign_trade_shipment: { maritime_transport_shipment: { loading_port_code: 'NLRTM', discharge_port_code: null } } }, en);
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    let s = (await A.get(`${P}/${stored.id}`)).body.data.foreign_trade_shipment;
    expect(s.maritime_transport_shipment).toMatchObject({ loading_port_id: ids.rotterdam, discharge_port_id: null, sealine_id: ids.maeu });
    const byCode = await A.put(`/operations/${a.operation.id}/processes-by-reference-code/${code}`, { foreign_trade_shipment: { maritime_transport_shipment: { discharge_port_code: 'BRSSZ' } } }, en);
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    s = (await A.get(`${P}/${stored.id}`)).body.data.foreign_trade_shipment;
    expect(s.maritime_transport_shipment).toMatchObject({ loading_port_id: ids.rotterdam, discharge_port_id: ids.santos });
  });

  it('refuses a code of the wrong shape with 400, and an unknown, ambiguous or doubled one with 422, writing nothing', async () => {
    const code = uniq('PRC-');
    const shape = await A.post(P, {
      reference_code: code,
      foreign_trade_shipment: {
        maritime_transport_shipment: { loading_port_code: 'Santos' },
        air_transport_shipment: { awb: 'AWB-1', airline_code: 'LATAM' },
        transportables: [{ type: 'CONTAINER', container: { code: 'MSCU-123' } }],
      },
    }, en);
    expect(shape.status).toBe(400);
    expect(shape.body.fields).toEqual(expect.arrayContaining([
      { name: 'foreign_trade_shipment.transportables.0.container.code', message: 'is invalid' },
      { name: 'foreign_trade_shipment.maritime_transport_shipment.loading_port_code', message: 'is invalid' },
      { name: 'foreign_trade_shipment.air_transport_shipment.awb', message: 'is invalid' },
      { name: 'foreign_trade_shipment.air_transport_shipment.airline_code', message: 'is invalid' },
    ]));
    expect(shape.body.fields).toHaveLength(4);

    const refused = await A.post(P, {
      reference_code: code,
      foreign_trade_shipment: {
        maritime_transport_shipment: { loading_port_code: 'ZZZZZ', discharge_port_id: ids.santos, discharge_port_code: 'BRSSZ' },
        air_transport_shipment: { airline_code: 'LH', origin_airport_code: 'QQQ' },
      },
    }, en);
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toHaveLength(4);
    expect(refused.body.fields).toEqual(expect.arrayContaining([
      { name: 'foreign_trade_shipment.maritime_transport_shipment.loading_port_code', message: 'does not exist' },
      { name: 'foreign_trade_shipment.maritime_transport_shipment.discharge_port_code', message: 'cannot be sent together with the id' },
      { name: 'foreign_trade_shipment.air_transport_shipment.airline_code', message: 'matches several records; send the id' },
      { name: 'foreign_trade_shipment.air_transport_shipment.origin_airport_code', message: 'does not exist' },
    ]));
    expect((await A.get(`/operations/${a.operation.id}/processes-by-reference-code/${code}`)).status).toBe(404);
  });

  it('names an order line by order reference code and line reference when linked orders share line references', async () => {
    const product = uniq('PRD-');
    expect((await A.post('/products', { code: product, description: 'Valve' })).status).toBe(201);
    const orders: string[] = [];
    for (let i = 0; i < 2; i++) {
      const reference_code = uniq('ORC-');
      const res = await A.post(`/operations/${a.operation.id}/orders`, {
        reference_code,
        purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: product, quantity: '5' }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      orders.push(reference_code);
    }
    const send = (item: Record<string, unknown>) =>
      A.post(P, { reference_code: uniq('PRC-'), order_reference_codes: orders, foreign_trade_shipment: { items: [{ quantity: '2', ...item }] } }, en);
    const ambiguous = await send({ line_reference: '10' });
    expect(ambiguous.status).toBe(422);
    expect(ambiguous.body.fields).toEqual([{ name: 'foreign_trade_shipment.items.0.line_reference', message: 'matches lines of several linked orders' }]);
    const named = await send({ line_reference: '10', order_reference_code: orders[1] });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    const item = (await A.get(`${P}/${named.body.data.id}`)).body.data.foreign_trade_shipment.items[0];
    const order = (await A.get(`/operations/${a.operation.id}/orders-by-reference-code/${orders[1]}`)).body.data;
    expect(item.purchase_order_item_id).toBe(order.purchase_order.items[0].id);
    const unknown = await send({ line_reference: '10', order_reference_code: 'NOT-LINKED' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields).toEqual([{ name: 'foreign_trade_shipment.items.0.line_reference', message: 'does not exist' }]);
  });
});
