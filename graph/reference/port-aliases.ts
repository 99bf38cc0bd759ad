// Port codes in everyday use that are not the port's UN/LOCODE (`CNSHA` for Shanghai, whose
// UN/LOCODE is `CNSGH`): prisma/data/port-aliases.csv, with its sources in
// prisma/data/port-aliases.README.md. Wherever a port code is taken, an alias stands for its
// port, and the port is answered under its UN/LOCODE (docs/glossary.md, "UN/LOCODE").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { csvRecords } from '../logistics/csv.ts';

/** One row of the alias table. */
export interface PortAlias {
  alias: string;
  unlocode: string;
  name: string;
}

/** The rows of prisma/data/port-aliases.csv (read from the working directory, as the seaports are). */
export function readPortAliases(file = path.resolve('prisma', 'data', 'port-aliases.csv')): PortAlias[] {
  const rows: PortAlias[] = [];
  for (const { fields, line } of csvRecords(readFileSync(file, 'utf8'))) {
    if (line === 1 || !fields[0]) continue;
    const [alias, unlocode, name] = fields;
    rows.push({ alias: alias.trim().toUpperCase(), unlocode: unlocode.trim().toUpperCase(), name: name.trim() });
  }
  return rows;
}

let table: { byAlias: Map<string, string>; byPort: Map<string, string[]> } | undefined;

/** The alias table, read once per process (reference data does not change while serving). */
function aliasTable() {
  if (!table) {
    const byAlias = new Map<string, string>();
    const byPort = new Map<string, string[]>();
    for (const a of readPortAliases()) {
      byAlias.set(a.alias, a.unlocode);
      byPort.set(a.unlocode, [...(byPort.get(a.unlocode) ?? []), a.alias]);
    }
    table = { byAlias, byPort };
  }
  return table;
}

/** The UN/LOCODE a port code stands for: the port of an alias, otherwise the code itself (trimmed, upper case). */
export function currentUnlocode(code: string): string {
  const upper = code.trim().toUpperCase();
  return aliasTable().byAlias.get(upper) ?? upper;
}

/** The aliases of a port's UN/LOCODE, in the table's order (empty for most ports). */
export function aliasesOf(unlocode: string): string[] {
  return aliasTable().byPort.get(unlocode) ?? [];
}

/**
 * The ports named by codes, UN/LOCODEs or aliases, with every code each answers to: what the
 * write path's reference lookup takes (graph/process/shipment/refs.ts).
 */
export async function portsByCodes(db: Prisma.TransactionClient, codes: string[]): Promise<{ id: number; codes: string[] }[]> {
  const wanted = [...new Set(codes.map(currentUnlocode))];
  const rows = await db.maritimePort.findMany({ where: { unlocode: { in: wanted } }, select: { id: true, unlocode: true } });
  return rows.map((r) => ({ id: r.id, codes: [r.unlocode, ...aliasesOf(r.unlocode)] }));
}
