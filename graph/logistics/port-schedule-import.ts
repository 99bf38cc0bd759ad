// Port schedule importer: reads a CSV line-up (one berth call per row, columns by header
// name, see docs/decisions/007) and creates or updates port schedules keyed by port and
// schedule_number. Rows are applied in batches, each in one transaction; bad rows are
// counted and reported, never fatal.
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { write as inTransaction } from '../database/transaction.ts';
import { parseDateTime } from '../scalars.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { portsByUnlocode } from '../reference/places.ts';
import { currentUnlocode } from '../reference/port-aliases.ts';
import { csvRecords } from './csv.ts';
import { badLine, type ImportReport } from './import-report.ts';
import { flagOfMmsi } from './mid.ts';

export const portScheduleColumns = [
  'port_unlocode', 'schedule_number', 'vessel_mmsi', 'vessel_imo', 'vessel_name', 'etb', 'atb', 'etu', 'atu',
  'carrier_code', 'carrier_name', 'carrier_country', 'carrier_voyage', 'operation_type',
  'shipping_agency_cnpj', 'shipping_agency_name', 'vessel_responsible', 'last_ports', 'next_ports',
] as const;
const requiredColumns = ['port_unlocode', 'schedule_number', 'etb'] as const;

export interface PortScheduleReport extends ImportReport {
  rows: number;
  created: number;
  updated: number;
  vessels_created: number;
  batches: number;
}

type Row = Prisma.PortScheduleUncheckedCreateInput & { line: number; mmsi: string | null; imo: string | null; vessel_name: string | null };

const date = (v: string | undefined): Date | null | 'bad' => {
  if (!v?.trim()) return null;
  try {
    return parseDateTime(v.trim());
  } catch {
    return 'bad';
  }
};

/** `BRSSZ@2025-03-01T12:00:00Z;ARBUE@...` -> [{ port_unlocode, <timeKey> }], or the reason it cannot be read. */
function portList(v: string | undefined, timeKey: 'atu' | 'etb'): { port_unlocode: string; [k: string]: string | null }[] | string {
  if (!v?.trim()) return [];
  const out: { port_unlocode: string; [k: string]: string | null }[] = [];
  for (const item of v.split(/[;|]/).map((s) => s.trim()).filter(Boolean)) {
    const [code, when] = item.split('@').map((s) => s.trim());
    if (!/^[A-Z]{2}[A-Z0-9]{3}$/.test(code ?? '')) return `bad port code ${JSON.stringify(code)}`;
    const d = date(when);
    if (d === 'bad') return `bad date ${JSON.stringify(when)}`;
    out.push({ port_unlocode: currentUnlocode(code), [timeKey]: d ? d.toISOString().replace('.000Z', 'Z') : null });
  }
  return out;
}

/** Imports a port schedule CSV (its whole text). */
export async function importPortSchedules(
  text: string,
  options: { batchSize?: number; onBatch?: (r: PortScheduleReport) => void } = {},
): Promise<PortScheduleReport> {
  const report: PortScheduleReport = { lines: 0, rows: 0, created: 0, updated: 0, vessels_created: 0, batches: 0, bad_lines: 0, errors: [] };
  const batchSize = options.batchSize ?? 500;
  const ports = await portsByUnlocode();
  const { countries } = await referenceCodes();
  let header: string[] | null = null;
  let batch: Row[] = [];
  for (const record of csvRecords(text)) {
    report.lines = record.line;
    if (!header) {
      header = record.fields.map((f) => f.trim().toLowerCase());
      const missing = requiredColumns.filter((c) => !header!.includes(c));
      if (missing.length) {
        badLine(report, record.line, `header lacks ${missing.join(', ')}`);
        return report;
      }
      continue;
    }
    if (record.error) {
      badLine(report, record.line, record.error);
      continue;
    }
    if (record.fields.length !== header.length) {
      badLine(report, record.line, `expected ${header.length} columns, found ${record.fields.length}`);
      continue;
    }
    const f = Object.fromEntries(header.map((h, i) => [h, record.fields[i].trim()])) as Record<string, string>;
    const problems: string[] = [];
    const port = ports.get(currentUnlocode(f.port_unlocode ?? ''));
    if (!port) problems.push(`unknown port ${JSON.stringify(f.port_unlocode)}`);
    if (!f.schedule_number) problems.push('schedule_number is blank');
    const times: Record<string, Date | null> = {};
    for (const k of ['etb', 'atb', 'etu', 'atu'] as const) {
      const d = date(f[k]);
      if (d === 'bad') problems.push(`${k} is not an ISO 8601 date-time`);
      else times[k] = d;
    }
    if (!times.etb && !problems.some((p) => p.startsWith('etb'))) problems.push('etb is blank');
    const mmsi = f.vessel_mmsi || null;
    if (mmsi && !/^\d{9}$/.test(mmsi)) problems.push('vessel_mmsi is not 9 digits');
    const imo = f.vessel_imo || null;
    if (imo && !/^\d{7}$/.test(imo)) problems.push('vessel_imo is not 7 digits');
    const country = f.carrier_country?.toUpperCase() || null;
    if (country && !countries.has(country)) problems.push(`unknown carrier_country ${JSON.stringify(f.carrier_country)}`);
    const last = portList(f.last_ports, 'atu');
    if (typeof last === 'string') problems.push(`last_ports: ${last}`);
    const next = portList(f.next_ports, 'etb');
    if (typeof next === 'string') problems.push(`next_ports: ${next}`);
    if (problems.length) {
      badLine(report, record.line, problems.join('; '));
      continue;
    }
    batch.push({
      line: record.line, mmsi, imo, vessel_name: f.vessel_name || null,
      port_id: port!.id, schedule_number: f.schedule_number,
      etb: times.etb!, atb: times.atb ?? null, etu: times.etu ?? null, atu: times.atu ?? null,
      carrier_code: f.carrier_code || null, carrier_name: f.carrier_name || null, carrier_country_code: country, carrier_voyage: f.carrier_voyage || null,
      operation_type: f.operation_type || null, shipping_agency_cnpj: f.shipping_agency_cnpj || null, shipping_agency_name: f.shipping_agency_name || null,
      vessel_responsible: f.vessel_responsible || null, last_ports: last as Prisma.InputJsonValue, next_ports: next as Prisma.InputJsonValue,
    });
    if (batch.length >= batchSize) {
      await applyBatch(batch, report);
      options.onBatch?.(report);
      batch = [];
    }
  }
  if (batch.length) {
    await applyBatch(batch, report);
    options.onBatch?.(report);
  }
  return report;
}

/** Columns written by the import, with the PostgreSQL type each is sent as. */
const scheduleColumns = {
  port_id: 'int', schedule_number: 'text', vessel_id: 'int', etb: 'timestamptz', atb: 'timestamptz', etu: 'timestamptz', atu: 'timestamptz',
  carrier_code: 'text', carrier_name: 'text', carrier_country_code: 'text', carrier_voyage: 'text', operation_type: 'text',
  shipping_agency_cnpj: 'text', shipping_agency_name: 'text', vessel_responsible: 'text', last_ports: 'jsonb', next_ports: 'jsonb',
} as const;
type ScheduleColumn = keyof typeof scheduleColumns;
const names = Object.keys(scheduleColumns) as ScheduleColumn[];

/**
 * One statement upserts a whole batch: the rows go as one array per column, unnested into an
 * INSERT ... ON CONFLICT on (port_id, schedule_number). `xmax = 0` tells the inserted rows
 * from the updated ones.
 */
const upsertSql = `INSERT INTO "port_schedules" (${names.map((n) => `"${n}"`).join(', ')}, "updated_at")
SELECT u.*, now() FROM unnest(${names.map((n, i) => `$${i + 1}::${scheduleColumns[n]}[]`).join(', ')}) AS u(${names.map((n) => `"${n}"`).join(', ')})
ON CONFLICT ("port_id", "schedule_number") DO UPDATE SET ${names
  .filter((n) => n !== 'port_id' && n !== 'schedule_number')
  .map((n) => `"${n}" = EXCLUDED."${n}"`)
  .join(', ')}, "updated_at" = EXCLUDED."updated_at"
RETURNING (xmax = 0) AS inserted`;

async function applyBatch(rows: Row[], report: PortScheduleReport): Promise<void> {
  const counts = { created: 0, updated: 0, vessels: 0 };
  await inTransaction(
    async (db) => {
      const mmsis = [...new Set(rows.map((r) => r.mmsi).filter((m): m is string => !!m))];
      const imos = [...new Set(rows.filter((r) => !r.mmsi && r.imo).map((r) => r.imo!))];
      const vessels = new Map<string, number>();
      if (mmsis.length) {
        const known = async () => {
          for (const v of await db.vessel.findMany({ where: { mmsi_number: { in: mmsis } }, select: { id: true, mmsi_number: true } })) vessels.set(v.mmsi_number, v.id);
        };
        await known();
        const missing = mmsis.filter((m) => !vessels.has(m));
        if (missing.length) {
          const first = (mmsi: string) => rows.find((r) => r.mmsi === mmsi)!;
          const made = await db.vessel.createMany({
            data: missing.map((mmsi) => ({ mmsi_number: mmsi, imo_number: first(mmsi).imo, name: first(mmsi).vessel_name, country_code: flagOfMmsi(mmsi) })),
            skipDuplicates: true,
          });
          counts.vessels += made.count;
          await known();
        }
      }
      if (imos.length) {
        for (const v of await db.vessel.findMany({ where: { imo_number: { in: imos } }, select: { id: true, imo_number: true } })) vessels.set(`imo:${v.imo_number}`, v.id);
      }
      // A schedule repeated within the batch: the last line wins, the earlier ones count as updates.
      const byKey = new Map<string, Row>();
      for (const r of rows) byKey.set(`${r.port_id}|${r.schedule_number}`, r);
      counts.updated += rows.length - byKey.size;
      const unique = [...byKey.values()];
      const column = (n: ScheduleColumn) =>
        unique.map((r) => {
          if (n === 'vessel_id') return (r.mmsi ? vessels.get(r.mmsi) : r.imo ? vessels.get(`imo:${r.imo}`) : undefined) ?? null;
          const v = r[n as keyof Row];
          if (v === null || v === undefined) return null;
          if (v instanceof Date) return v.toISOString();
          if (scheduleColumns[n] === 'jsonb') return JSON.stringify(v);
          return v;
        });
      const result = (await db.$queryRawUnsafe(upsertSql, ...names.map(column))) as { inserted: boolean }[];
      for (const r of result) {
        if (r.inserted) counts.created++;
        else counts.updated++;
      }
    },
    { timeout: 120_000 },
  );
  report.rows += rows.length;
  report.created += counts.created;
  report.updated += counts.updated;
  report.vessels_created += counts.vessels;
  report.batches++;
}
