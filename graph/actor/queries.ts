// Actor reads: the actor and partnership lists, one actor or partnership by id, access groups and subsidiaries.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { listField, searchColumns, searchWhere } from '../schema-helpers/list.ts';
import { found } from '../schema-helpers/locate.ts';
import {
  ActorFilters,
  PartnershipFilters,
  actorNullable,
  actorSearchable,
  actorSortable,
  partnershipNullable,
  partnershipSearchable,
  partnershipSortable,
} from './inputs.ts';

listField<{ filters?: (Record<string, unknown> & { partnership_role?: string | null }) | null }>({
  model: 'Actor',
  field: 'actors',
  what: 'actors',
  description: 'Lists the actors (partners) of the company.',
  sortable: actorSortable,
  nullable: actorNullable,
  search: searchColumns(actorSearchable, 'Case-insensitive substring of official name, trading name, nickname, internal code or document.'),
  args: (t) => ({ filters: t.arg({ type: ActorFilters, description: 'Filters.' }) }),
  where: (args, ctx) => {
    const { partnership_role, ...exact } = args.filters ?? {};
    return {
      company_id: ctx.company.id,
      ...Object.fromEntries(Object.entries(exact).filter(([, v]) => v != null)),
      ...(partnership_role ? { partnership: { is: { roles: { some: { role: partnership_role } } } } } : {}),
    };
  },
});

listField<{ filters?: { role?: string | null; internal_code?: string | null } | null }>({
  model: 'Partnership',
  field: 'partnerships',
  what: 'partnerships',
  description: 'Lists the partnerships of the company, each with its partner actor and roles.',
  sortable: partnershipSortable,
  nullable: partnershipNullable,
  search: {
    description: "Case-insensitive substring of the partnership's nickname or internal code, or of the partner's official name, trading name, nickname or document.",
    where: (text) => ({ OR: [searchWhere(text, partnershipSearchable), { actor: { is: searchWhere(text, actorSearchable) } }] }),
  },
  args: (t) => ({ filters: t.arg({ type: PartnershipFilters, description: 'Filters.' }) }),
  where: (args, ctx) => {
    const { role, internal_code } = args.filters ?? {};
    return {
      company_id: ctx.company.id,
      ...(internal_code != null ? { internal_code } : {}),
      ...(role ? { roles: { some: { role } } } : {}),
    };
  },
});

// Actors are located by id only (no natural key of their own), so there are no twins to declare with `located()`.
builder.queryFields((t) => ({
  actor: t.prismaField({
    type: 'Actor',
    nullable: true,
    description: 'One actor by id.',
    args: { id: t.arg.int({ required: true, description: 'Actor id.' }) },
    resolve: (query, _root, args, ctx) => found(prisma().actor.findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id } })),
  }),
  // Partnerships too: their internal code is optional, so it is a filter of the list, not a key.
  partnership: t.prismaField({
    type: 'Partnership',
    nullable: true,
    description: "One partnership by id, with its partner and roles; another company's partnership is null with NOT_FOUND, like a missing one.",
    args: { id: t.arg.int({ required: true, description: 'Partnership id.' }) },
    resolve: (query, _root, args, ctx) => found(prisma().partnership.findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id } })),
  }),
  accessGroups: t.prismaField({
    type: ['AccessGroup'],
    description: 'The access groups of the company.',
    resolve: (query, _root, _args, ctx) => prisma().accessGroup.findMany({ ...query, where: { company_id: ctx.company.id }, orderBy: { id: 'asc' } }),
  }),
  subsidiaries: t.prismaField({
    type: ['Subsidiary'],
    description: 'The subsidiaries of the company.',
    resolve: (query, _root, _args, ctx) => prisma().subsidiary.findMany({ ...query, where: { company_id: ctx.company.id }, orderBy: { id: 'asc' } }),
  }),
}));
