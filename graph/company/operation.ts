import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { BusinessRoleEnum } from '../reference/enums.ts';
import { found } from '../schema-helpers/locate.ts';

builder.prismaObject('OperationHandler', {
  description: 'A role slot of an operation; handler entries of orders and processes fill it with an actor.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Operation handler id (the `operation_handler_id` of handler entries).' }),
    role: t.field({
      type: 'String',
      description: 'Business role in lower case, as used as key of handler maps.',
      select: { role: true },
      resolve: (h) => h.role.toLowerCase(),
    }),
    business_role: t.expose('role', { type: BusinessRoleEnum, description: 'Business role.' }),
  }),
});

builder.prismaObject('Operation', {
  description: 'An operation of the company; it scopes orders and processes.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The operation_id of order and process paths.' }),
    name: t.exposeString('name', { description: 'Operation name.' }),
    handlers: t.relation('handlers', { description: 'Role slots of the operation.', query: { orderBy: { id: 'asc' } } }),
  }),
});

const Company = builder.objectRef<{ id: number; name: string }>('Company').implement({
  description: 'The company (tenant) the API key belongs to.',
  fields: (t) => ({ id: t.exposeInt('id', { description: 'Identifier.' }), name: t.exposeString('name', { description: 'Company name.' }) }),
});

builder.queryFields((t) => ({
  company: t.field({
    type: Company,
    description: 'The company of the API key.',
    resolve: (_root, _args, ctx) => ctx.company,
  }),
  operations: t.prismaField({
    type: ['Operation'],
    description: 'The operations of the company.',
    resolve: (query, _root, _args, ctx) =>
      prisma().operation.findMany({ ...query, where: { company_id: ctx.company.id }, orderBy: { id: 'asc' } }),
  }),
  // Operations have no natural key of their own, so there are no twins to declare with `located()`.
  operation: t.prismaField({
    type: 'Operation',
    nullable: true,
    description: 'One operation of the company by id, with its handler slots; another company\'s operation is null with NOT_FOUND, like a missing one.',
    args: { id: t.arg.int({ required: true, description: 'Operation id (the `operation_id` of order and process paths).' }) },
    resolve: (query, _root, args, ctx) => found(prisma().operation.findFirst({ ...query, where: { company_id: ctx.company.id, id: args.id } })),
  }),
}));
