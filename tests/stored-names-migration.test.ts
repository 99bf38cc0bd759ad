// The migration that bounds document file names and normalizes webhook URLs
// (prisma/migrations/20261127053831_bounded_file_names_normalized_webhook_urls) does to rows
// stored before it what the app now does at upload and registration
// (graph/process/file-names.ts, graph/webhooks/targets.ts), and makes no event of it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../prisma/database.ts';
import { storedFileName } from '../graph/process/file-names.ts';
import { normalizedTarget, parseTarget } from '../graph/webhooks/targets.ts';

const MIGRATION = '20261127053831_bounded_file_names_normalized_webhook_urls';
const dir = path.resolve('prisma/migrations');
const script = (name: string) => readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');

/** File names as an upload before the migration could store them. */
const names = [
  `${'é'.repeat(6996)}.pdf`,
  `${'a'.repeat(300)}`,
  `${'b'.repeat(300)}.tar.gz`,
  `${'c'.repeat(300)}. ext with spaces`,
  `${'😀'.repeat(300)}.xlsx`,
  'in\u0007voice\t\u001b[31m1.pdf',
  'invoice\u202efdp.exe',
  '.htaccess',
  '  ...  ',
  'dir/sub\\name.pdf',
  'Proforma (1) ção.pdf',
];

/** URLs as registration stored them (sent, trimmed) and the migration's result; ASCII ones come out normalized. */
const urls: [sent: string, migrated: string][] = [
  ['HTTPS://Hooks.Example.COM:443/x?y=1#frag', 'https://hooks.example.com/x?y=1'],
  ['http://Example.com:80', 'http://example.com/'],
  ['http://example.com:8080?q', 'http://example.com:8080/?q'],
  ['https://[2606:4700::6810:85e5]:443/a', 'https://[2606:4700::6810:85e5]/a'],
  ['https://example.com/already', 'https://example.com/already'],
  // Beyond SQL: kept, and answered normalized by the API (graph/webhooks/types.ts).
  ['https://bücher.example/x', 'https://bücher.example/x'],
];

describe('the migration bounding file names and normalizing webhook URLs', () => {
  it('rewrites stored names and URLs as the app now stores them, without making events', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ extensions: await pgliteExtensions() });
    try {
      const earlier = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name < MIGRATION).map((d) => d.name).sort();
      for (const name of earlier) await db.exec(script(name));
      // Rows alone, without the company and process they belong to: foreign keys and triggers off.
      await db.exec(`SET session_replication_role = replica`);
      for (const [i, name] of names.entries())
        await db.query(`INSERT INTO process_documents (company_id, id, process_id, type, original_filename, content_type, size_bytes, storage_key) VALUES (1, $1, 1, 'OTHER', $2, 'text/plain', 1, 'k')`, [i + 1, name]);
      for (const [i, [url]] of urls.entries())
        await db.query(`INSERT INTO webhook_endpoints (company_id, id, url, events, secret, updated_at) VALUES (1, $1, $2, '{*}', 'whsec_x', now())`, [i + 1, url]);
      await db.exec(`SET session_replication_role = origin`);

      await db.exec(script(MIGRATION));

      const stored = (await db.query<{ original_filename: string }>(`SELECT original_filename FROM process_documents ORDER BY id`)).rows.map((r) => r.original_filename);
      expect(stored).toEqual(names.map(storedFileName));
      for (const name of stored) expect(Array.from(name).length).toBeLessThanOrEqual(255);
      const migrated = (await db.query<{ url: string }>(`SELECT url FROM webhook_endpoints ORDER BY id`)).rows.map((r) => r.url);
      expect(migrated).toEqual(urls.map(([, m]) => m));
      for (const [sent, m] of urls.filter(([sent]) => /^[!-~]*$/.test(sent))) expect(m, sent).toBe(normalizedTarget(parseTarget(sent) as URL));
      expect((await db.query(`SELECT 1 FROM event_changes`)).rows).toEqual([]);
      // The column holds no more than the limit from now on.
      await expect(db.query(`UPDATE process_documents SET original_filename = repeat('x', 256) WHERE id = 1`)).rejects.toThrow(/too long/);
    } finally {
      await db.close();
    }
  }, 300_000);
});
