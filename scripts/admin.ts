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
import { backgroundSettled } from '../graph/database/background.ts';
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
/**
 * Runs a key command on the migrated database and exits: its answer as JSON (0), or what was
 * missing or refused (1).
 */
async function keyCommand(notFound: string, work: () => Promise<unknown>): Promise<never> {
  try {
    await applyMigrations((await openedDatabase()).adapterFactory);
    console.log(JSON.stringify(await work()));
  } catch (e) {
    if (e instanceof NotFoundError) console.error(notFound);
    else if (e instanceof DomainError) console.error(refusal(e));
    else throw e;
    process.exit(1);
  } finally {
    await disconnect();
  }
  process.exit(0);
}

const [command, ...rest] = process.argv.slice(2);
if (command && Object.hasOwn(importCommands, command)) process.exit(await importCommands[command](rest));
if (command === 'create-key') {
  const { values } = parseArgs({ args: rest, options: { company: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, expires: { type: 'string' } } });
  const companyId = Number(values.company);
  if (!Number.isSafeInteger(companyId) || companyId < 1 || !values.name?.trim() || !values.scopes?.trim()) {
    console.error(usage);
    process.exit(2);
  }
  const expires = dateFlag(values.expires);
  const { name, scopes } = values;
  await keyCommand('no company with that id', async () => {
    if (!(await prisma().company.count({ where: { id: companyId } }))) throw new NotFoundError();
    const made = await createKey(companyId, { name, scopes: scopes.split(',').map((s) => s.trim()), expires_at: expires });
    return { api_key: made.key, key: await keyInfo(made.prefix) };
  });
}
if (command === 'revoke-key' || command === 'rotate-key') {
  const { values } = parseArgs({ args: rest, options: { key: { type: 'string' }, overlap: { type: 'string' } } });
  if (!values.key?.trim() || (command === 'revoke-key' && values.overlap !== undefined) || (values.overlap !== undefined && !/^\d{1,7}$/.test(values.overlap))) {
    console.error(usage);
    process.exit(2);
  }
  const { key, overlap: overlapFlag } = values;
  // Other running servers stop accepting the old key within the key cache's lifetime (docs/security.md).
  await keyCommand('no live key with that prefix', async () => {
    if (command === 'revoke-key') return revokeKey(key);
    const overlap = checkRotation({ overlap_seconds: Number(overlapFlag ?? 0) });
    const { made, old } = await rotateKey(key, overlap);
    return { api_key: made.key, [overlap ? 'rotated' : 'revoked']: old };
  });
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
// This process's composition root: the company and demo data it writes record events, which it
// relays itself before it exits (graph/wiring.ts). The schema is loaded for this command alone.
wireWritePath((await import('../graph/schema.ts')).schema);
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
// NOTE: exit once done, as the key commands do: the migration engine leaves a 10 s timer of its
// own pending, which would hold the command that much longer.
process.exit(0);
