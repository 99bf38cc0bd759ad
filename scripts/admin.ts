// Operator commands: `npm run admin -- create-company --name "Acme" [--demo]`.
import { parseArgs } from 'node:util';
import { openedDatabase, disconnect } from '../graph/db.ts';
import { createCompany } from '../graph/company/companies.ts';
import { seedDemo } from '../graph/seed/demo.ts';
import { applyMigrations } from '../prisma/migrate.ts';
import { seedReferenceData } from '../graph/reference/seed.ts';
import { importCommands } from './import-commands.ts';

const usage = 'usage: npm run admin -- create-company --name "Acme" [--demo] | import-ais FILE | import-port-schedules FILE.csv';
const [command, ...rest] = process.argv.slice(2);
if (command && Object.hasOwn(importCommands, command)) process.exit(await importCommands[command](rest));
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
  await disconnect();
}
