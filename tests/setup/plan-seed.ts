// One company of tests/query-plans.test.ts made through the API: one record of each kind the
// lists read (products, partners, an order with lines and handlers, a process with its whole
// shipment from the API reference's example, a route, a cost model, fleet, a webhook), and
// the ids and codes the requests name.
import type { GrownCompany } from './plan-data.ts';
import type { PlanValues } from './plan-requests.ts';

type Json = any;

export async function seedCompany(baseUrl: string, adminToken: string, name: string): Promise<{ key: string; company: GrownCompany; values: PlanValues }> {
  const created = await fetch(`${baseUrl}/admin/companies`, {
    method: 'POST',
    headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const co = (await created.json()) as { company: { id: number }; api_key: string; operation: { id: number; handlers: { id: number; role: string }[] } };
  const key = co.api_key;
  const op = co.operation.id;
  const slot = (role: string) => co.operation.handlers.find((h) => h.role.toUpperCase() === role)!.id;
  const call = async (method: string, path: string, params?: unknown): Promise<Json> => {
    const res = await fetch(`${baseUrl}/api${path}`, { method, headers: { 'api-key': key, 'content-type': 'application/json' }, body: params === undefined ? undefined : JSON.stringify({ params }) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text).data;
  };
  const graphql = async (query: string, variables: Json): Promise<Json> => {
    const res = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
    const body = (await res.json()) as Json;
    if (body.errors) throw new Error(JSON.stringify(body.errors).slice(0, 300));
    return body.data;
  };
  const examples = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as Json;
  const example = (path: string) => structuredClone(examples.paths[path].post.requestBody.content['application/json'].example.params);

  const partner = async (role: string, n: number) => (await call('POST', '/partnerships', { name: `${role} ${n}`, internal_code: `${role.slice(0, 3)}-${n}`, roles: [{ role }] })).partner;
  const supplier = await partner('SUPPLIER', 1);
  const importer = await partner('IMPORTER', 1);
  await partner('CUSTOMS_BROKER', 1);
  const products = await call('PUT', '/products', [example('/products'), { code: 'PRD-02', description: 'Brass fitting' }]);
  const order = example('/operations/{operation_id}/orders');
  order.handler = { importer: { operation_handler_id: slot('IMPORTER'), actor_id: importer.id }, supplier: { operation_handler_id: slot('SUPPLIER'), actor_id: supplier.id } };
  const madeOrder = await call('POST', `/operations/${op}/orders`, order);
  const process = example('/operations/{operation_id}/processes');
  const madeProcess = await call('POST', `/operations/${op}/processes`, process);
  const route = (
    await graphql('mutation($p: RouteParams!) { createRoute(params: $p) { route { id } } }', {
      p: { name: 'Santos inland', points: [{ position: 1, route_type: 'LOADING' }, { position: 2, route_type: 'UNLOADING' }] },
    })
  ).createRoute.route;
  const costModel = (
    await graphql('mutation($p: CostModelParams!) { createCostModel(params: $p) { costModel { id versions { id } } } }', {
      p: { name: 'Maritime import', currency_code: 'BRL', versions: [{ version: 1, root_model_expenses: [{ cost_expense: { name: 'Storage', slug: 'storage' }, precification_model: 'FIXED', reference: 'STORAGE_PERIOD', reference_value: '350.0000' }] }] },
    })
  ).createCostModel.costModel;
  const driver = await call('POST', '/drivers', example('/drivers'));
  const vehicle = await call('POST', '/vehicles', example('/vehicles'));
  const trailer = await call('POST', '/trailers', example('/trailers'));
  const webhook = await call('POST', '/webhooks', example('/webhooks'));
  const keys = await call('GET', '/keys');
  const vessels = await call('GET', '/vessels?limit=1');
  return {
    key,
    company: { id: co.company.id, operation: op, slots: { SUPPLIER: slot('SUPPLIER'), IMPORTER: slot('IMPORTER') } },
    values: {
      operation: op,
      ids: {
        product: products[0].id, order: madeOrder.id, process: madeProcess.id, actor: supplier.id, partnership: supplier.id, route: route.id,
        cost_model: costModel.id, cost_model_version: costModel.versions[0].id, driver: driver.id, vehicle: vehicle.id, trailer: trailer.id,
        webhook: webhook.id, vessel: vessels[0]?.id ?? 1, operation: op,
      },
      codes: { product: products[0].code, order: madeOrder.reference_code, process: madeProcess.reference_code, key: keys[0].prefix, ...(vessels[0] ? { mmsi: vessels[0].mmsi_number } : {}) },
    },
  };
}
