// Drivers, vehicles and trailers are declared alike: each kind's model and list, its Prisma
// delegate, and `t.prismaField` / `t.payloadField` for a model named at run time.
import type { ArgMap, ModelFieldBuilder, ModelPayloadFieldBuilder } from '../builder.ts';
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../context.ts';
import type { RootDelegate } from '../database/locks.ts';
import { modelDelegate } from '../database/records.ts';
import type { Tx } from '../database/transaction.ts';
import type { PayloadName } from '../schema-helpers/payload-plugin.ts';

export type Key = { company_id: number; id: number };
export type Kind = 'driver' | 'vehicle' | 'trailer';
export type Model = 'Driver' | 'Vehicle' | 'Trailer';

/** One kind of the fleet: its model, the list's field, search and sort keys, and what it is called. */
export interface FleetKind {
  kind: Kind;
  model: Model;
  plural: string;
  searchable: string[];
  sortable: string[];
  what: string;
}

export const fleetKinds: FleetKind[] = [
  { kind: 'driver', model: 'Driver', plural: 'drivers', searchable: ['name', 'cpf', 'license_number'], sortable: ['id', 'name', 'inserted_at', 'updated_at'], what: 'driver' },
  { kind: 'vehicle', model: 'Vehicle', plural: 'vehicles', searchable: ['plate', 'tracker_id'], sortable: ['id', 'plate', 'type', 'inserted_at', 'updated_at'], what: 'vehicle' },
  { kind: 'trailer', model: 'Trailer', plural: 'trailers', searchable: ['plate'], sortable: ['id', 'plate', 'type', 'inserted_at', 'updated_at'], what: 'trailer' },
];

/** The calls made here, which the driver, vehicle and trailer delegates answer alike. */
interface FleetDelegate extends RootDelegate {
  findFirst(args: { where: object; select?: object }): Promise<unknown>;
  findUniqueOrThrow(args: { where: { company_id_id: Key } }): Promise<unknown>;
  create(args: { data: object; select: { company_id: true; id: true } }): Promise<Key>;
  update(args: { where: { company_id_id: Key }; data: object; select: { company_id: true; id: true } }): Promise<Key>;
}

export const delegate = (db: Tx, kind: Kind) => modelDelegate<FleetDelegate>(kind, db);

/** A field answering one row of a fleet model; `Args` is what its `args` declare. */
interface FleetField<Args> {
  type: Model;
  /** A lookup by id: a missing row is null with NOT_FOUND at its path (docs/graphql.md). */
  nullable?: boolean;
  description: string;
  args: ArgMap;
  resolve: (query: object, root: unknown, args: Args, ctx: Context, info: GraphQLResolveInfo) => Promise<unknown>;
}

/** `t.prismaField` for a fleet model (a model named at run time: graph/builder.ts, `ModelFieldBuilder`). */
export const modelField = <Args>(t: ModelFieldBuilder, field: FleetField<Args>) => t.prismaField(field);

/** `t.payloadField` for a fleet model: a mutation answering its payload (graph/schema-helpers/payload-plugin.ts). */
export const modelPayloadField = <Args>(t: ModelPayloadFieldBuilder, field: Omit<FleetField<Args>, 'nullable'> & { payload: PayloadName }) => t.payloadField(field);
