// Operator commands: `npm run admin -- create-company --name "Acme" [--demo]`, `create-key`,
// `revoke-key` and `rotate-key` (docs/security.md), and the imports of reference data.
import { parseArgs } from 'node:util';
import { openedDatabase, disconnect, prisma } from '../graph/db.ts';
import { createCompany } from '../graph/company/companies.ts';
import { seedDemo } from '../graph/seed/demo.ts';
import { applyMigrations } from '../prisma/migrate.ts';
import { seedReferenceData } from '../graph/reference/seed.ts';
import { importCommands } from './import-commands.ts';
import { checkRotation, createKey, keyInfo, revokeKey, rotateKey } from '../graph/company/keys.ts';
import { DomainError, NotFoundError } from '../graph/errors.ts';
import { parseDateTime } from '../graph/scalars.ts';
import { backgroundSettled } from '../graph/kit/background.ts';
import { schema } from '../graph/schema.ts';
import { wireWritePath } from '../graph/wiring.ts';

const usage =
  'usage: npm run admin -- create-company --name "Acme" [--demo] | create-key --company ID --name NAME --scopes read,write,admin [--expires ISO_DATE_TIME] | revoke-key --key KEY_OR_PREFIX | rotate-key --key KEY_OR_PREFIX [--overlap SECONDS] | import-ais FILE | import-port-schedules FILE.csv';

/** A refusal of the key rules (docs/authentication.md, Managing keys), as one line per field at fault. */
function refusal(e: DomainError): string {
  const fields = (e.extensions.fields ?? []) as { name: string; message: string }[];
  return fields.length ? fields.map((f) => `${f.name} ${f.message}`).join('\n') : e.message;
}

/** An ISO date-time of a flag, or the usage and exit 2. */
function dateFlag(value: string | undefined): Date | null {
  if (value === undefined) return null;
  try {
    return parseDateTime(value);
  } catch {
    console.error(`--expires: not an ISO 8601 date-time\n${usage}`);
    process.exit(2);
  }
}
const [command, ...rest] = process.argv.slice(2);
// This process's composition root: the companies and demo data it writes record events, which
// it relays itself before it exits (graph/wiring.ts).
wireWritePath(schema);
if (command && Object.hasOwn(importCommands, command)) process.exit(await importCommands[command](rest));
if (command === 'create-key') {
  const { values } = parseArgs({ args: rest, options: { company: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, expires: { type: 'string' } } });
  const companyId = Number(values.company);
  if (!Number.isSafeInteger(companyId) || companyId < 1 || !values.name?.trim() || !values.scopes?.trim()) {
    console.error(usage);
    process.exit(2);
  }
  const expires = dateFlag(values.expires);
  try {
    await applyMigrations((await openedDatabase()).adapterFactory);
    if (!(await prisma().company.count({ where: { id: companyId } }))) throw new NotFoundError();
    const made = await createKey(companyId, { name: values.name, scopes: values.scopes.split(',').map((s) => s.trim()), expires_at: expires });
    console.log(JSON.stringify({ api_key: made.key, key: await keyInfo(made.prefix) }));
  } catch (e) {
    if (e instanceof NotFoundError) console.error('no company with that id');
    else if (e instanceof DomainError) console.error(refusal(e));
    else throw e;
    process.exit(1);
  } finally {
    await disconnect();
  }
  process.exit(0);
}
if (command === 'revoke-key' || command === 'rotate-key') {
  const { values } = parseArgs({ args: rest, options: { key: { type: 'string' }, overlap: { type: 'string' } } });
  if (!values.key?.trim() || (command === 'revoke-key' && values.overlap !== undefined) || (values.overlap !== undefined && !/^\d{1,7}$/.test(values.overlap))) {
    console.error(usage);
    process.exit(2);
  }
  try {
    await applyMigrations((await openedDatabase()).adapterFactory);
    // Other running servers stop accepting the old key within the key cache's lifetime (docs/security.md).
    if (command === 'revoke-key') console.log(JSON.stringify(await revokeKey(values.key)));
    else {
      const overlap = checkRotation({ overlap_seconds: Number(values.overlap ?? 0) });
      const { made, old } = await rotateKey(values.key, overlap);
      console.log(JSON.stringify({ api_key: made.key, [overlap ? 'rotated' : 'revoked']: old }));
    }
  } catch (e) {
    if (e instanceof NotFoundError) console.error('no live key with that prefix');
    else if (e instanceof DomainError) console.error(refusal(e));
    else throw e;
    process.exit(1);
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
