// Route writes through the write path (docs/decisions/010-write-path.md): a route with its points replaced as sent.
import type { GraphQLResolveInfo } from 'graphql';
import { RouteType } from '../../prisma/generated/client/enums.ts';
import type { Prisma } from '../../prisma/generated/client/client.ts';
import { found } from '../schema-helpers/locate.ts';
import { checkChildIds } from '../database/nested.ts';
import type { Context } from '../context.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { lockRoots } from '../database/locks.ts';
import { write as inTransaction } from '../database/transaction.ts';
import { checkRequired } from '../schema-helpers/required.ts';

type Tx = Prisma.TransactionClient;

type PointParams = { id?: number | null; position?: number | null; route_type?: string | null; name?: string | null; address?: string | null; latitude?: number | null; longitude?: number | null };
export type Params = { name?: string | null; active?: boolean | null; description?: string | null; points?: PointParams[] | null };
type RouteKey = { company_id: number; id: number };

async function findLive(db: Tx, companyId: number, id: number): Promise<RouteKey> {
  return found(db.route.findFirst({ where: { company_id: companyId, id, deleted_at: null }, select: { company_id: true, id: true } }));
}

export async function save(ctx: Context, info: GraphQLResolveInfo, params: Params, id?: number): Promise<RouteKey> {
  const companyId = ctx.company.id;
  return inTransaction(async (db) => {
    if (id !== undefined && !(await lockRoots(db.route, { company_id: companyId, id }))) throw new NotFoundError();
    const existing = id === undefined ? null : await findLive(db, companyId, id);
    const errors = new FieldErrors();
    checkRequired(info.schema, 'RouteParams', params as Record<string, unknown>, errors, { partial: existing !== null });
    const points = params.points ?? [];
    const positions = new Set<number>();
    points.forEach((p, i) => {
      if (p.position == null) return;
      if (p.position < 1) errors.add(`points.${i}.position`, fieldMessages.outOfRange);
      else if (positions.has(p.position)) errors.add(`points.${i}.position`, fieldMessages.taken);
      positions.add(p.position);
    });
    const keepIds = points.map((p) => p.id).filter((v): v is number => typeof v === 'number');
    if (keepIds.length) {
      const found = existing
        ? new Set((await db.routePoint.findMany({ where: { company_id: companyId, route_id: existing.id, id: { in: keepIds } }, select: { id: true } })).map((p) => p.id))
        : new Set<number>();
      checkChildIds(points, found, (i) => `points.${i}.`, errors);
    }
    if (existing && params.points) {
      // A point a road transport trip phase refers to cannot be removed.
      const inUse = await db.routePoint.findFirst({
        where: { company_id: companyId, route_id: existing.id, id: { notIn: keepIds }, trip_phases: { some: {} } },
        select: { id: true },
      });
      if (inUse) errors.add('points', fieldMessages.notAllowed);
    }
    errors.throwIfAny();
    const data: Record<string, unknown> = {};
    if (params.name !== undefined) data.name = params.name!.trim();
    if (params.active !== undefined) data.active = params.active ?? true;
    if (params.description !== undefined) data.description = params.description;
    const key = existing
      ? await db.route.update({ where: { company_id_id: existing }, data, select: { company_id: true, id: true } })
      : await db.route.create({ data: { ...(data as { name: string }), company_id: companyId }, select: { company_id: true, id: true } });
    if (params.points) {
      await db.routePoint.deleteMany({ where: { company_id: companyId, route_id: key.id, id: { notIn: keepIds } } });
      for (const p of params.points) {
        const fields = {
          position: p.position!, route_type: p.route_type as RouteType,
          name: p.name ?? null, address: p.address ?? null, latitude: p.latitude ?? null, longitude: p.longitude ?? null,
        };
        if (typeof p.id === 'number') await db.routePoint.update({ where: { company_id_id: { company_id: companyId, id: p.id } }, data: fields });
        else await db.routePoint.create({ data: { ...fields, company_id: companyId, route_id: key.id } });
      }
    }
    return key;
  });
}
