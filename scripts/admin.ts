// Operator commands: `npm run admin -- create-company --name "Acme" [--demo]`, `revoke-key` and
// `rotate-key` (docs/security.md), and the imports of reference data.
import { parseArgs } from 'node:util';
import { openedDatabase, disconnect } from '../graph/db.ts';
import { createCompany } from '../graph/company/companies.ts';
import { seedDemo } from '../graph/seed/demo.ts';
import { applyMigrations } from '../prisma/migrate.ts';
import { seedReferenceData } from '../graph/reference/seed.ts';
import { importCommands } from './import-commands.ts';
import { revokeKey, rotateKey } from '../graph/company/keys.ts';
import { NotFoundError } from '../graph/errors.ts';
import { backgroundSettled } from '../graph/kit/background.ts';
import { schema } from '../graph/schema.ts';
import { wireWritePath } from '../graph/wiring.ts';

const usage =
  'usage: npm run admin -- create-company --name "Acme" [--demo] | revoke-key --key KEY_OR_PREFIX | rotate-key --key KEY_OR_PREFIX | import-ais FILE | import-port-schedules FILE.csv';
const [command, ...rest] = process.argv.slice(2);
// This process's composition root: the companies and demo data it writes record events, which
// it relays itself before it exits (graph/wiring.ts).
wireWritePath(schema);
if (command && Object.hasOwn(importCommands, command)) process.exit(await importCommands[command](rest));
if (command === 'revoke-key' || command === 'rotate-key') {
  const { values } = parseArgs({ args: rest, options: { key: { type: 'string' } } });
  if (!values.key?.trim()) {
    console.error(usage);
    process.exit(2);
  }
  try {
    await applyMigrations((await openedDatabase()).adapterFactory);
    // Other running servers stop accepting the old key within the key cache's lifetime (docs/security.md).
    const done = command === 'revoke-key' ? await revokeKey(values.key) : await rotateKey(values.key);
    console.log(JSON.stringify(done));
  } catch (e) {
    if (e instanceof NotFoundError) {
      console.error('no live key with that prefix');
      process.exit(1);
    }
    throw e;
  } finally {
    await disconnect();
  }
  process.exit(0);
}
if (command !== 'create-company') {
  console.error(usage);
  process.exit(2);
}
const { values } = parseArgs({ args: rest, options: { name: { type: 'string' }, demo: { type: 'boolean', default: false } } });
if (!values.name?.trim()) {
  console.error(usage);
  process.exit(2);
}
try {
  await applyMigrations((await openedDatabase()).adapterFactory);
  await seedReferenceData();
  const created = await createCompany(values.name);
  if (values.demo) await seedDemo(created);
  console.log(JSON.stringify(created));
} finally {
  await backgroundSettled();
  await disconnect();
}
