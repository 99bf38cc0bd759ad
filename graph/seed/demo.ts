import type { NewCompany } from '../company/companies.ts';
import { runAs } from './run-as.ts';
import { productParams } from './factories.ts';

/** Runs a mutation of the domain schema as the given company, so demo data obeys every rule. */

/** Fills a new company with demo data: products now; orders, processes and more as they exist. */
export async function seedDemo(created: NewCompany): Promise<void> {
  const products = Array.from({ length: 25 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return productParams(i, `PRD-${n}`, n);
  });
  await runAs(created.company, 'mutation Seed($p: [ProductParams!]!) { upsertProducts(params: $p) { products { id } } }', { p: products });
  await (await import('./logistics.ts')).seedLogistics(created);
  await (await import('./orders.ts')).seedOrders(created);
  await (await import('./processes.ts')).seedProcesses(created);
}
