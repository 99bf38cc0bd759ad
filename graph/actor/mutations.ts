// Actor mutations: partnership and access group upserts, subsidiary creation.
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { AccessGroupParams, PartnershipParams, SubsidiaryParams } from './inputs.ts';
import { createSubsidiary, upsertAccessGroup, upsertPartnership, type PartnershipInput } from './write.ts';

builder.mutationFields((t) => ({
  upsertPartnership: t.payloadField({
    payload: 'UpsertPartnershipPayload',
    type: 'Partnership',
    description:
      'Creates or updates a partnership identified by `internal_code` or by `official_document` with `document_type`, with its partner actor and roles.',
    args: { params: t.arg({ type: PartnershipParams, required: true }) },
    resolve: async (query, _root, args, ctx, info) => {
      const id = await upsertPartnership(ctx, info, args.params as PartnershipInput);
      return prisma().partnership.findUniqueOrThrow({ ...query, where: { company_id_id: { company_id: ctx.company.id, id } } });
    },
  }),
  upsertAccessGroup: t.payloadField({
    payload: 'UpsertAccessGroupPayload',
    type: 'AccessGroup',
    description: 'Creates an access group, or renames the one with the same slug.',
    args: { params: t.arg({ type: AccessGroupParams, required: true }) },
    resolve: (query, _root, args, ctx, info) => upsertAccessGroup(query, ctx, info, args.params as Record<string, unknown>),
  }),
  createSubsidiary: t.payloadField({
    payload: 'CreateSubsidiaryPayload',
    type: 'Subsidiary',
    description: 'Creates a subsidiary of the company.',
    args: { params: t.arg({ type: SubsidiaryParams, required: true }) },
    resolve: (query, _root, args, ctx, info) => createSubsidiary(query, ctx, info, args.params as Record<string, unknown>),
  }),
}));
