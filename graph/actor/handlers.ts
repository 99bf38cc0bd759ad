// Handler entries (docs/handlers.md): an actor filling one role slot (operation handler)
// of an order or a process. Inputs come as the `handler` map keyed by lower-case role and as
// the deprecated flat `handlers` list; both are read back. The validation here is shared by
// every owner of handler entries; each owner writes its own table.
import type { GraphQLResolveInfo } from 'graphql';
import { BusinessRole } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import { columnData, exposeFields, fieldsOf, inputFields } from '../schema-helpers/fields.ts';
import { FieldErrors, fieldMessages } from '../errors.ts';
import { required } from '../schema-helpers/required.ts';
import { checkChildIds } from '../database/nested.ts';
import { graphqlOnly } from '../schema-helpers/selection.ts';
import type { Tx } from '../database/transaction.ts';
import { ActorParams } from './inputs.ts';
import { findOrCreateActor, validateActorInput, type ActorInput } from './write.ts';

/** The business roles, upper case as stored, with their lower-case handler map keys. */
export const handlerRoles = Object.values(BusinessRole).map((role) => ({ role, key: role.toLowerCase() }));

/** The catalogue fields of a handler entry (graph/schema-helpers/fields.ts). */
export const entryFields = fieldsOf('text', {
  business_unit: 'The actor\'s business unit handling the order or process.',
  reference: 'The actor\'s own reference, such as a broker\'s file number.',
  secondary_reference: 'A second reference.',
});

export const HandlerParams = builder.inputType('HandlerParams', {
  description:
    'A handler entry: fills the operation handler slot `operation_handler_id` with an actor given by `actor_id` or described in `actor`. `operation_handler_id` is required when the entry is created.',
  fields: (t) => ({
    id: t.int({ description: 'Id of an existing entry (deprecated `handlers` list only; map entries are matched by role).' }),
    operation_handler_id: t.int(required('The operation handler (role slot) this entry fills; of the same role as its key and of the operation of the path.')),
    actor_id: t.int({ description: 'Id of the actor that plays the role. Send `actor_id` or `actor`.' }),
    actor: t.field({ type: ActorParams, description: 'The actor, described inline, when `actor_id` is not sent.' }),
    ...inputFields(t, entryFields),
  }),
});

export const HandlerMapParams = builder.inputType('HandlerMapParams', {
  description: 'Handler entries keyed by lower-case role. Sent, it replaces the stored entries: roles left out are removed.',
  fields: (t) =>
    Object.fromEntries(handlerRoles.map(({ role, key }) => [key, t.field({ type: HandlerParams, description: `The ${role.toLowerCase().replace(/_/g, ' ')}.` })])),
});

/** What a handler entry is sent as. */
export type HandlerInput = {
  id?: number | null;
  operation_handler_id?: number | null;
  actor_id?: number | null;
  actor?: ActorInput | null;
  business_unit?: string | null;
  reference?: string | null;
  secondary_reference?: string | null;
};

/** A stored entry, as the validation needs it. */
export type StoredHandler = { id: number; role: BusinessRole; operation_handler_id: number; actor_id: number };

/** A validated entry, ready to be written. */
export type ResolvedHandler = {
  role: BusinessRole;
  operation_handler_id: number;
  actor_id: number | null;
  actor: ActorInput | null;
  fields: Record<string, string | null>;
};

/** An entry sent, named for its errors: by role in the `handler` map, by position in the `handlers` list. */
interface SentHandler {
  name: string;
  entry: HandlerInput;
  /** Its role when sent in the map (the key). */
  role?: BusinessRole;
  /** The stored entry it updates: of its role in the map, of its id in the list. */
  existing?: StoredHandler;
}

/** What the entries name: the roles of their slots, and the roles each actor holds in its partnership with the company (docs/handlers.md). */
interface NamedRows {
  slotRole: Map<number, BusinessRole>;
  actorRoles: Map<number, Set<BusinessRole>>;
}

/** The entries of the `handler` map, then those of the `handlers` list; ids that match no stored entry go to `errors`. */
function sentHandlers(input: HandlersSent, stored: StoredHandler[], errors: FieldErrors, prefix: string): SentHandler[] {
  const entries: SentHandler[] = [];
  for (const { role, key } of handlerRoles) {
    const entry = input.handler?.[key];
    if (!entry) continue;
    const existing = stored.find((s) => s.role === role);
    // Matched by role: an id sent with it must be that role's stored entry (docs/limits.md).
    checkChildIds([entry], new Set(existing ? [existing.id] : []), () => `${prefix}handler.${key}.`, errors);
    entries.push({ name: `${prefix}handler.${key}`, entry, role, existing });
  }
  const list = input.handlers ?? [];
  const rejected = checkChildIds(list, new Set(stored.map((s) => s.id)), (i) => `${prefix}handlers.${i}.`, errors);
  list.forEach((entry, i) => {
    const existing = entry.id != null && !rejected.has(i) ? stored.find((s) => s.id === entry.id) : undefined;
    entries.push({ name: `${prefix}handlers.${i}`, entry, existing });
  });
  return entries;
}

/** Reads the slots and the actors the entries name by id, in the operation and the company. */
async function readNamedRows(db: Tx, companyId: number, operationId: number, entries: SentHandler[]): Promise<NamedRows> {
  const slotIds = entries.map((e) => e.entry.operation_handler_id).filter((x): x is number => typeof x === 'number');
  const actorIds = entries.map((e) => e.entry.actor_id).filter((x): x is number => typeof x === 'number');
  // NOTE: sequential on purpose: an embedded database has one connection per transaction.
  const slots = slotIds.length
    ? await db.operationHandler.findMany({ where: { company_id: companyId, operation_id: operationId, id: { in: slotIds } }, select: { id: true, role: true } })
    : [];
  const actors = actorIds.length
    ? await db.actor.findMany({ where: { company_id: companyId, id: { in: actorIds } }, select: { id: true, partnership: { select: { roles: { select: { role: true } } } } } })
    : [];
  return {
    slotRole: new Map(slots.map((s) => [s.id, s.role])),
    actorRoles: new Map(actors.map((a) => [a.id, new Set(a.partnership?.roles.map((r) => r.role) ?? [])])),
  };
}

/** The slot an entry fills and its role: the slot sent (of the entry's role, in the map), or the stored entry's. */
function slotOf({ name, entry, role, existing }: SentHandler, slotRole: NamedRows['slotRole'], errors: FieldErrors): { slotId: number | null; slotRoleOf?: BusinessRole } {
  if (entry.operation_handler_id != null) {
    const slotRoleOf = slotRole.get(entry.operation_handler_id);
    if (!slotRoleOf) errors.add(`${name}.operation_handler_id`, fieldMessages.missing);
    else if (role && slotRoleOf !== role) errors.add(`${name}.operation_handler_id`, fieldMessages.invalid);
    else return { slotId: entry.operation_handler_id, slotRoleOf };
    return { slotId: null, slotRoleOf };
  }
  if (existing && (!role || existing.role === role)) return { slotId: existing.operation_handler_id, slotRoleOf: existing.role };
  errors.add(`${name}.operation_handler_id`, fieldMessages.blank);
  return { slotId: null };
}

/**
 * The actor of an entry: the actor sent by id (holding the entry's role), or none yet for one
 * described inline (checked here, found or created on write), or the stored entry's.
 */
function actorIdOf(name: string, entry: HandlerInput, role: BusinessRole | undefined, existing: StoredHandler | undefined, ctx: { info: GraphQLResolveInfo; actorRoles: NamedRows['actorRoles']; errors: FieldErrors }): number | null {
  const { errors } = ctx;
  if (entry.actor_id != null && entry.actor != null) errors.add(`${name}.actor`, fieldMessages.invalid);
  else if (entry.actor_id != null) {
    const held = ctx.actorRoles.get(entry.actor_id);
    if (!held) errors.add(`${name}.actor_id`, fieldMessages.missing);
    else if (role && !held.has(role)) errors.add(`${name}.actor_id`, fieldMessages.roleNotHeld);
    else return entry.actor_id;
  } else if (entry.actor != null) {
    validateActorInput(ctx.info, entry.actor, errors, `${name}.actor.`);
  } else if (existing) {
    return existing.actor_id;
  } else {
    errors.add(`${name}.actor_id`, fieldMessages.blank);
  }
  return null;
}

/** The `handler` map and the deprecated `handlers` list as sent. */
type HandlersSent = { handler?: Record<string, HandlerInput | null> | null; handlers?: HandlerInput[] | null };

/**
 * Validates the `handler` map and the deprecated `handlers` list of one order or process of
 * operation `operationId`, reporting problems under `prefix`. Answers the whole new set of
 * entries, or undefined when neither was sent (the stored entries stay).
 */
export async function validateHandlers(
  db: Tx,
  info: GraphQLResolveInfo,
  companyId: number,
  operationId: number,
  input: HandlersSent,
  stored: StoredHandler[],
  errors: FieldErrors,
  prefix = '',
): Promise<ResolvedHandler[] | undefined> {
  if (input.handler == null && input.handlers == null) return undefined;
  const entries = sentHandlers(input, stored, errors, prefix);
  const { slotRole, actorRoles } = await readNamedRows(db, companyId, operationId, entries);
  const out: ResolvedHandler[] = [];
  const seen = new Set<BusinessRole>();
  for (const sent of entries) {
    const { name, entry, role, existing: byKey } = sent;
    const { slotId, slotRoleOf } = slotOf(sent, slotRole, errors);
    const finalRole = role ?? slotRoleOf;
    // In the flat list, an entry that names its stored id keeps its stored values.
    const existing = byKey && (!finalRole || byKey.role === finalRole) ? byKey : undefined;
    if (finalRole && slotId !== null) {
      if (seen.has(finalRole)) errors.add(`${name}.operation_handler_id`, fieldMessages.taken);
      seen.add(finalRole);
    }
    const actorId = actorIdOf(name, entry, finalRole, existing, { info, actorRoles, errors });
    const fields = columnData(entryFields, entry) as Record<string, string | null>;
    if (finalRole && slotId !== null) {
      out.push({ role: finalRole, operation_handler_id: slotId, actor_id: actorId, actor: entry.actor ?? null, fields });
    }
  }
  return out;
}

/**
 * The actor id of a validated entry. An actor described inline is found or created and, from
 * then on, holds the entry's role in its partnership with the company (docs/handlers.md).
 */
export async function actorOf(db: Tx, companyId: number, entry: ResolvedHandler): Promise<number> {
  if (entry.actor_id !== null) return entry.actor_id;
  const actorId = await findOrCreateActor(db, companyId, entry.actor!);
  await grantRole(db, companyId, actorId, entry.role);
  return actorId;
}

/** Makes the actor a partner holding `role`, creating the partnership when there is none. */
async function grantRole(db: Tx, companyId: number, actorId: number, role: BusinessRole): Promise<void> {
  const partnership = await db.partnership.upsert({
    where: { company_id_actor_id: { company_id: companyId, actor_id: actorId } },
    create: { company_id: companyId, actor_id: actorId },
    update: {},
    select: { id: true },
  });
  await db.partnershipRole.upsert({
    where: { company_id_partnership_id_role: { company_id: companyId, partnership_id: partnership.id, role } },
    create: { company_id: companyId, partnership_id: partnership.id, role },
    update: {},
    select: { id: true },
  });
}

export const OrderHandlerRef = builder.prismaObject('OrderHandler', {
  description: 'A handler entry: the actor filling one role slot (operation handler) of the order.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier of the entry.' }),
    ...exposeFields(t, entryFields),
    actor: t.relation('actor', { description: 'The actor that plays the role.' }),
    operation_handler: t.relation('operation_handler', { description: 'The role slot this entry fills (`id`, `role`).' }),
    order: t.relation('order', { ...graphqlOnly, description: 'The order of the entry (GraphQL only).' }),
  }),
});

/** The `handler` map of an order: a variant of Order whose fields pick its entries by role. */
export const OrderHandlerMapRef = builder.prismaObject('Order', {
  variant: 'OrderHandlerMap',
  description: 'Handler entries of the order keyed by lower-case role; a role without an entry is null.',
  fields: (t) =>
    Object.fromEntries(
      handlerRoles.map(({ role, key }) => [
        key,
        t.field({
          type: OrderHandlerRef,
          nullable: true,
          description: `The ${role.toLowerCase().replace(/_/g, ' ')}.`,
          select: (_args, _ctx, nested) => ({ handlers: nested({ orderBy: { id: 'asc' } }) }),
          resolve: (o) => o.handlers.find((h) => h.role === role) ?? null,
        }),
      ]),
    ),
});

/** Writes the validated entries of an order: the set sent replaces the stored one. */
export async function writeOrderHandlers(db: Tx, companyId: number, orderId: number, entries: ResolvedHandler[]): Promise<void> {
  await db.orderHandler.deleteMany({ where: { company_id: companyId, order_id: orderId, role: { notIn: entries.map((e) => e.role) } } });
  for (const e of entries) {
    const actor_id = await actorOf(db, companyId, e);
    await db.orderHandler.upsert({
      where: { company_id_order_id_role: { company_id: companyId, order_id: orderId, role: e.role } },
      create: { company_id: companyId, order_id: orderId, role: e.role, operation_handler_id: e.operation_handler_id, actor_id, ...e.fields },
      update: { operation_handler_id: e.operation_handler_id, actor_id, ...e.fields },
    });
  }
}
