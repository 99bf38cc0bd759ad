// Replays statements the app captured (SQL_CAPTURE, prisma/database.ts) under EXPLAIN, with the
// parameters the app sent, and finds the sequential scans of company tables in their plans.
import { readFileSync, statSync } from 'node:fs';
import pg from 'pg';

/** One statement the app ran for a request, as the capture file holds it. */
export interface Captured {
  sql: string;
  args: unknown[];
  argTypes?: ({ scalarType?: string } | null)[];
}

/** The statements appended to the capture file since byte `from`, and where the file ends. */
export function capturedSince(file: string, from: number): { statements: Captured[]; end: number } {
  const end = statSync(file).size;
  const text = readFileSync(file).subarray(from, end).toString('utf8');
  return { statements: text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Captured), end };
}

/** Statements with a plan: reads and writes; not BEGIN, SET, COMMIT and the like. */
export const planned = (s: Captured) => /^\s*(\(?\s*SELECT|WITH|INSERT|UPDATE|DELETE)\b/i.test(s.sql);

/** The parameters as the driver adapter sends them: bytes decoded; dates, numbers and text as text. */
const values = (s: Captured) => s.args.map((a, i) => (s.argTypes?.[i]?.scalarType === 'bytes' && typeof a === 'string' ? Buffer.from(a, 'base64') : a));

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

/** The tables a plan reads by a sequential scan. */
export function seqScans(plan: PlanNode): string[] {
  const found: string[] = [];
  const walk = (n: PlanNode) => {
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) found.push(n['Relation Name']);
    n.Plans?.forEach(walk);
  };
  walk(plan);
  return found;
}

/** The plan PostgreSQL makes for the statement with its parameters (a custom plan). */
export async function explain(db: pg.Client, s: Captured): Promise<PlanNode> {
  const res = await db.query({ text: `EXPLAIN (FORMAT JSON) ${s.sql}`, values: values(s) });
  return (res.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
}

/** A parameter as the text pg sends for it: arrays as array literals, objects as JSON. */
function asText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return `{${v.map((e) => { const t = asText(e); return t === null ? 'NULL' : `"${t.replace(/[\\"]/g, '\\$&')}"`; }).join(',')}}`;
  if (Buffer.isBuffer(v)) return `\\x${v.toString('hex')}`;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The parameters as SQL literals, for `EXECUTE name(...)`. */
function literals(db: pg.Client, s: Captured): string {
  return values(s)
    .map((v) => {
      const text = asText(v);
      return text === null ? 'NULL' : db.escapeLiteral(text);
    })
    .join(', ');
}

/**
 * A prepared statement on one connection, as the app's pool prepares its named statements
 * (prisma/prepared-reads.ts, `preparedStatementNames`): parsed once, then executed with the captured
 * parameters; `plan()` is the plan the connection uses now (a generic one it keeps, or a custom
 * one), `genericPlan()` the generic plan PostgreSQL would make now.
 */
export class Prepared {
  constructor(
    private db: pg.Client,
    private name: string,
    private s: Captured,
  ) {}

  async prepare(): Promise<void> {
    await this.db.query(`PREPARE ${this.name} AS ${this.s.sql}`);
  }

  async execute(): Promise<void> {
    await this.db.query(`EXECUTE ${this.name}(${literals(this.db, this.s)})`);
  }

  async plan(): Promise<PlanNode> {
    const res = await this.db.query(`EXPLAIN (FORMAT JSON) EXECUTE ${this.name}(${literals(this.db, this.s)})`);
    return (res.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
  }

  async genericPlan(): Promise<PlanNode> {
    await this.db.query('SET plan_cache_mode = force_generic_plan');
    try {
      return await this.plan();
    } finally {
      await this.db.query('RESET plan_cache_mode');
    }
  }
}
