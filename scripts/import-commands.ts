// Importer subcommands of `npm run admin`: import-ais FILE, import-port-schedules FILE.csv.
// A progress bar with counts on a terminal; the report as JSON on stdout at the end. Bad
// lines are counted and reported (exit 0); a failure stops the import after the last
// committed batch (exit 1), so nothing is half-written.
import cliProgress from 'cli-progress';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { disconnect, openedDatabase } from '../graph/db.ts';
import { importAis } from '../graph/logistics/ais-import.ts';
import { importPortSchedules } from '../graph/logistics/port-schedule-import.ts';
import { seedReferenceData } from '../graph/reference/seed.ts';
import { applyMigrations } from '../prisma/migrate.ts';

function progressBar(label: string, total: number, counts: string, initial: Record<string, number>) {
  if (!process.stderr.isTTY) return null;
  const bar = new cliProgress.SingleBar(
    { format: `${label} {bar} {percentage}% | ${counts} | {eta_formatted} left`, stream: process.stderr, hideCursor: true, etaBuffer: 50 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, initial);
  return bar;
}

async function prepare(file: string | undefined, usage: string): Promise<string | null> {
  if (!file) {
    console.error(usage);
    return null;
  }
  if (!existsSync(file) || !statSync(file).isFile()) {
    console.error(`no such file: ${file}`);
    return null;
  }
  await applyMigrations((await openedDatabase()).adapterFactory);
  await seedReferenceData();
  return file;
}

async function run(work: () => Promise<unknown>): Promise<number> {
  try {
    console.log(JSON.stringify(await work(), null, 2));
    return 0;
  } catch (e) {
    console.error(`import stopped: ${(e as Error).message}\n(batches committed before the failure are kept; none is half-written)`);
    return 1;
  } finally {
    await disconnect();
  }
}

/** Subcommands by name; each resolves to the process exit code. */
export const importCommands: Record<string, (args: string[]) => Promise<number>> = {
  async 'import-ais'(args) {
    const file = await prepare(args[0], 'usage: npm run admin -- import-ais FILE  (NMEA !AIVDM sentences, one per line)');
    if (!file) return 2;
    const size = statSync(file).size;
    const stream = createReadStream(file, { encoding: 'utf8' });
    const bar = progressBar('AIS', size, '{sentences} sentences | {vessels} vessels | {voyages} voyages | {bad} bad lines', { sentences: 0, vessels: 0, voyages: 0, bad: 0 });
    return run(async () => {
      const report = await importAis(createInterface({ input: stream, crlfDelay: Infinity }), {
        onBatch: (r) =>
          bar?.update(stream.bytesRead, { sentences: r.sentences, vessels: r.vessels_created + r.vessels_updated, voyages: r.voyages_started + r.voyages_updated, bad: r.bad_lines }),
      });
      bar?.update(size, { sentences: report.sentences, vessels: report.vessels_created + report.vessels_updated, voyages: report.voyages_started + report.voyages_updated, bad: report.bad_lines });
      bar?.stop();
      return report;
    });
  },
  async 'import-port-schedules'(args) {
    const file = await prepare(args[0], 'usage: npm run admin -- import-port-schedules FILE.csv');
    if (!file) return 2;
    const text = readFileSync(file, 'utf8');
    const total = Math.max(1, text.split('\n').length - 1);
    const bar = progressBar('Port schedules', total, '{rows} rows | {created} created | {updated} updated | {bad} bad lines', { rows: 0, created: 0, updated: 0, bad: 0 });
    return run(async () => {
      const report = await importPortSchedules(text, {
        onBatch: (r) => bar?.update(Math.min(total, r.lines), { rows: r.rows, created: r.created, updated: r.updated, bad: r.bad_lines }),
      });
      bar?.update(total, { rows: report.rows, created: report.created, updated: report.updated, bad: report.bad_lines });
      bar?.stop();
      return report;
    });
  },
};
