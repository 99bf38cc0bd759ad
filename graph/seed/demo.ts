import { execute, parse } from 'graphql';
import type { NewCompany } from '../companies.ts';
import type { Context } from '../context.ts';
import { schema } from '../schema.ts';

/** Runs a mutation of the domain schema as the given company, so demo data obeys every rule. */
async function run(company: NewCompany['company'], source: string, variableValues: Record<string, unknown>) {
  const contextValue: Context = { company, locale: 'en-US', requestId: 'demo-seed' };
  const result = await execute({ schema, document: parse(source), variableValues, contextValue });
  if (result.errors?.length) throw new Error(`demo seed failed: ${JSON.stringify(result.errors)}`);
  return result.data;
}

const families = [
  { category: 'Valves', family: 'Industrial', ncm: '84818099', unit: 'BOXES' },
  { category: 'Bearings', family: 'Mechanical', ncm: '84821010', unit: 'PACKAGES' },
  { category: 'Resins', family: 'Chemicals', ncm: '39011010', unit: 'BAGS' },
  { category: 'Coffee', family: 'Food', ncm: '09011110', unit: 'SACKS' },
  { category: 'Cables', family: 'Electrical', ncm: '85444200', unit: 'ROLLS' },
];

/** Fills a new company with demo data: products now; orders, processes and more as they exist. */
export async function seedDemo(created: NewCompany): Promise<void> {
  const products = Array.from({ length: 25 }, (_, i) => {
    const f = families[i % families.length];
    const n = String(i + 1).padStart(2, '0');
    return {
      code: `PRD-${n}`,
      description: `${f.category} item ${n}`,
      category: f.category,
      family: f.family,
      manufacturer: ['Acme Industrial', 'Vale Verde', 'Nordic Parts'][i % 3],
      mercosul_code: f.ncm,
      package_type: f.unit,
      package_capacity: `${(i % 4) + 1}0.0000`,
      net_weight_per_package: `${(10 + i * 1.5).toFixed(4)}`,
      gross_weight_per_package: `${(11 + i * 1.5).toFixed(4)}`,
      packages_per_pallet: 20 + (i % 5) * 5,
      has_palletization: i % 2 === 0,
      internal_codes: [{ code: `ERP-${100000 + i}`, label: 'ERP' }],
      translated_descriptions: [{ language: 'pt-BR', description: `${f.category} item ${n} (pt)` }],
    };
  });
  await run(created.company, 'mutation Seed($p: [ProductParams!]!) { upsertProducts(params: $p) { id } }', { p: products });
  await (await import('./logistics.ts')).seedLogistics(created);
  await (await import('./orders.ts')).seedOrders(created);
  await (await import('./processes.ts')).seedProcesses(created);
}
