// Driver, vehicle and trailer writes through the write path (docs/decisions/010-write-path.md).
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../context.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { lockRoots } from '../database/locks.ts';
import { type Tx, write as inTransaction } from '../database/transaction.ts';
import { referenceCodes } from '../reference/countries-currencies.ts';
import { checkRequired } from '../schema-helpers/required.ts';
import { delegate, type Key, type Kind } from './models.ts';

const paramsType: Record<Kind, string> = { driver: 'DriverParams', vehicle: 'VehicleParams', trailer: 'TrailerParams' };

async function findLive(db: Tx, kind: Kind, companyId: number, id: number): Promise<Key> {
  const row = await delegate(db, kind).findFirst({ where: { company_id: companyId, id, deleted_at: null }, select: { company_id: true, id: true } });
  if (!row) throw new NotFoundError();
  return row as Key;
}

export async function save(kind: Kind, ctx: Context, info: GraphQLResolveInfo, params: Record<string, unknown>, id?: number): Promise<Key> {
  const companyId = ctx.company.id;
  if (kind === 'driver') await referenceCodes();
  return inTransaction(async (db) => {
    if (id !== undefined && !(await lockRoots(delegate(db, kind), { company_id: companyId, id }))) throw new NotFoundError();
    const existing = id === undefined ? null : await findLive(db, kind, companyId, id);
    const errors = new FieldErrors();
    checkRequired(info.schema, paramsType[kind], params, errors, { partial: existing !== null });
    if (kind === 'driver' && typeof params.country_code === 'string' && !(await referenceCodes()).countries.has(params.country_code)) {
      errors.add('country_code', fieldMessages.missing);
    }
    errors.throwIfAny();
    const data: Record<string, unknown> = {};
    // A plate is a code, trimmed already by the argument checks (graph/limits/arguments.ts, docs/limits.md).
    for (const [k, v] of Object.entries(params)) if (v !== undefined) data[k] = typeof v === 'string' && k === 'name' ? v.trim() : v;
    return existing
      ? delegate(db, kind).update({ where: { company_id_id: existing }, data, select: { company_id: true, id: true } })
      : delegate(db, kind).create({ data: { ...data, company_id: companyId }, select: { company_id: true, id: true } });
  });
}
