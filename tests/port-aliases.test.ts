// Ports by the codes carriers send (docs/glossary.md, "UN/LOCODE"; prisma/data/port-aliases.README.md):
// an alias such as CNSHA names its port wherever a port code is taken, and the port answers
// under its current UN/LOCODE with its aliases listed.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

type Client = ReturnType<typeof client>;
const en = 'locale=en-US';

describe('port codes as carriers send them', () => {
  let a: TestCompany;
  let A: Client;
  let P: string;
  beforeAll(async () => {
    a = await newCompany();
    A = client(a.api_key);
    P = `/operations/${a.operation.id}/processes`;
  });

  it('answers GET /api/ports/{code} for an alias with the port under its UN/LOCODE', async () => {
    for (const [alias, unlocode, name] of [['CNSHA', 'CNSGH', 'Shanghai'], ['cnngb', 'CNNBO', 'Ningbo'], ['CNSZX', 'CNSNZ', 'Shenzhen']]) {
      const one = await A.get(`/ports/${alias}`, en);
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(one.body.data).toMatchObject({ unlocode, name, aliases: [alias.toUpperCase()], country: { code: 'CN' } });
    }
    const current = await A.get('/ports/CNSGH');
    expect(current.body.data).toMatchObject({ unlocode: 'CNSGH', aliases: ['CNSHA'] });
    expect((await A.get('/ports/BRSSZ')).body.data.aliases).toEqual([]);
    const gql = await graphql(a.api_key, '{ maritimePort(unlocode: "CNSHA") { unlocode name aliases } }');
    expect(gql.body.data.maritimePort).toEqual({ unlocode: 'CNSGH', name: 'Shanghai', aliases: ['CNSHA'] });
  });

  it('takes an alias in every port code of a process write, as the client example sends it', async () => {
    const shanghai = (await A.get('/ports/CNSGH')).body.data.id;
    const ningbo = (await A.get('/ports/CNNBO')).body.data.id;
    // docs/clients.md: a process with references sent by the codes you hold.
    const created = await A.post(P, {
      reference_code: uniq('IMP-'),
      foreign_trade_shipment: {
        maritime_transport_shipment: { loading_port_code: 'CNSHA', discharge_port_code: 'BRSSZ', sealine_code: 'MAEU' },
        international_freight: { booking_loading_port_code: 'cnngb', booking_discharge_port_code: 'BRSSZ' },
      },
    }, en);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const s = (await A.get(`${P}/${created.body.data.id}`)).body.data.foreign_trade_shipment;
    expect(s.maritime_transport_shipment).toMatchObject({ loading_port_id: shanghai, loading_port: { unlocode: 'CNSGH', name: 'Shanghai' } });
    expect(s.international_freight).toMatchObject({ booking_loading_port_id: ningbo });

    const updated = await A.put(`${P}/${created.body.data.id}`, { foreign_trade_shipment: { maritime_transport_shipment: { discharge_port_code: 'CNSZX' } } }, en);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const after = (await A.get(`${P}/${created.body.data.id}`)).body.data.foreign_trade_shipment.maritime_transport_shipment;
    expect(after.discharge_port.unlocode).toBe('CNSNZ');

    // The list filter by port takes the alias too.
    const found = await A.get(P, 'filters[port_unlocodes][]=CNSHA');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.map((p: { id: number }) => p.id)).toEqual([created.body.data.id]);

    // A code that is neither a port nor an alias is still refused.
    const refused = await A.post(P, { reference_code: uniq('IMP-'), foreign_trade_shipment: { maritime_transport_shipment: { loading_port_code: 'CNZZZ' } } }, en);
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toEqual([{ name: 'foreign_trade_shipment.maritime_transport_shipment.loading_port_code', message: 'does not exist' }]);
  });
});
