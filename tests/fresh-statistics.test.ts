// The first reads after a batch write are planned on statistics of the rows just written
// (docs/decisions/015-fresh-statistics.md): an app on a database of its own, never analyzed by
// anyone else, gets 100 orders of 10 lines and 100 processes shipping from them through the API
// (tests/setup/fresh-batch.ts), and the pages of 100 orders and of 100 processes are read at once,
// whole. Then, from outside the app, every table those pages join that fills a page of 8 KiB or
// more must have been analyzed by the app since it was filled: statistics that count at least
// half its rows, taken from at least half its pages. Without the app's check the tables are
// never analyzed (PGlite has no autovacuum; on PostgreSQL its ANALYZE is not the app's: the
// test asks for `last_analyze`, which autovacuum never sets) and the planner takes them for a
// row or two. What the pages cost before and after ANALYZE is measured by `npm run bench`
// (scripts/bench-fresh.ts), never here.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './setup/app-server.ts';
import { outside, PAGE_TABLES, readPages, STATISTICS_OF_PAGE_TABLES, writeFreshCompany } from './setup/fresh-batch.ts';

interface TableStatistics {
  name: string;
  estimated: number;
  analyzed_pages: number;
  pages: number;
  counted: number;
  analyzed_by_a_client: boolean | null;
}

describe('statistics of a batch just written', () => {
  let app: AppServer;
  const adminToken = randomBytes(24).toString('hex');

  beforeAll(async () => {
    app = await startAppServer({ serverUrl: process.env.DATABASE_URL, adminToken });
    // As long as startAppServer's own deadline: a loaded machine starts an app slowly.
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('analyzes the tables a page of orders or processes joins once a batch has filled them, before the first read', async () => {
    const co = await writeFreshCompany(app, adminToken);
    const fresh = await readPages(co, 1);
    expect(fresh.wrong).toEqual([]);

    let tables: TableStatistics[] = [];
    await outside(app, async (query) => {
      const rows = await query(STATISTICS_OF_PAGE_TABLES);
      tables = [];
      for (const row of rows) {
        const name = String(row.name);
        const [{ n }] = await query(`SELECT count(*)::int AS n FROM "${name}"`);
        // On PostgreSQL, whether a client (the app) ran ANALYZE on it: autovacuum's own is `last_autoanalyze`.
        const analyzed = app.kind === 'postgres' ? (await query(`SELECT last_analyze IS NOT NULL AS yes FROM pg_stat_user_tables WHERE relname = '${name}'`))[0]?.yes : null;
        tables.push({ name, estimated: Number(row.estimated), analyzed_pages: Number(row.analyzed_pages), pages: Number(row.pages), counted: Number(n), analyzed_by_a_client: analyzed === null ? null : Boolean(analyzed) });
      }
    });
    const figures = JSON.stringify(tables);
    console.info(`[fresh statistics] first reads: orders ${fresh.orders[0].toFixed(0)} ms, processes ${fresh.processes[0].toFixed(0)} ms; ${figures}`);
    expect(tables.map((t) => t.name).sort()).toEqual([...PAGE_TABLES].sort());
    const filled = tables.filter((t) => t.pages >= 1);
    // The batch fills at least the order lines, the shipment items and the orders.
    expect(filled.map((t) => t.name), figures).toEqual(expect.arrayContaining(['orders', 'purchase_order_items', 'shipment_items']));
    for (const t of filled) {
      expect(t.estimated, `${t.name}: ${figures}`).toBeGreaterThanOrEqual(t.counted / 2);
      expect(t.analyzed_pages * 2, `${t.name}: ${figures}`).toBeGreaterThanOrEqual(t.pages);
      if (app.kind === 'postgres') expect(t.analyzed_by_a_client, `${t.name}: ${figures}`).toBe(true);
    }
  }, 600_000);
});
