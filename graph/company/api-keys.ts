// The company's API keys in GraphQL (docs/authentication.md, Managing keys); REST's /api/keys
// routes run these. Every field here needs an admin key (graph/company/scopes.ts).
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { found } from '../schema-helpers/locate.ts';
import { listField } from '../schema-helpers/list.ts';
import { graphqlOnly } from '../schema-helpers/selection.ts';
import { prefixOf } from './auth.ts';
import { companyKey, createKey, checkRotation, keyLimits, revokeKey, rotateKey, type KeyParams, type RotationParams } from './keys.ts';
import { SCOPES } from './scopes.ts';
import { NotFoundError } from '../errors.ts';

/** A key row as a mutation answers it: with the key itself when it was just made. */
type Revealed = { revealed_key?: string };

export const ApiKeyScope = builder.enumType('ApiKeyScope', {
  description: 'What a key may do: `read` reads; `write` also creates, changes and deletes; `admin` also manages API keys and webhooks.',
  values: {
    read: { description: 'Reads: every GET, GraphQL queries and subscriptions (API keys and webhooks aside).' },
    write: { description: 'Reads and writes: also every POST, PUT and DELETE, GraphQL mutations (API keys and webhooks aside).' },
    admin: { description: 'Everything: also manages API keys and webhooks.' },
  } as const,
});

export const ApiKeyStatus = builder.enumType('ApiKeyStatus', {
  description: 'ACTIVE keys work; ROTATED ones work until `expires_at`, then answer 401; EXPIRED and REVOKED ones answer 401.',
  values: {
    ACTIVE: { description: 'The key works.' },
    ROTATED: { description: 'Replaced by a rotation: the key works until `expires_at`.' },
    EXPIRED: { description: 'Past `expires_at`: the key answers 401.' },
    REVOKED: { description: 'Revoked: the key answers 401.' },
  } as const,
});

builder.prismaObject('ApiKey', {
  description: 'An API key of the company: never its secret, which is shown once, when the key is made.',
  fields: (t) => ({
    prefix: t.exposeString('prefix', { description: 'The public part of the key (`tt_<prefix>_...`): it names the key in every call of these routes.' }),
    name: t.string({ select: { label: true }, description: 'What the key is for.', resolve: (row) => row.label ?? '' }),
    scopes: t.field({
      type: [ApiKeyScope],
      select: { scopes: true },
      description: 'What the key may do; `admin` implies `write`, which implies `read`.',
      resolve: (row) => SCOPES.filter((scope) => row.scopes.includes(scope)),
    }),
    status: t.field({
      type: ApiKeyStatus,
      select: { revoked_at: true, expires_at: true, rotated_at: true },
      description: 'Whether the key works now.',
      resolve: (row) => {
        if (row.revoked_at) return 'REVOKED';
        if (row.expires_at && row.expires_at.getTime() <= Date.now()) return 'EXPIRED';
        return row.rotated_at ? 'ROTATED' : 'ACTIVE';
      },
    }),
    key: t.string({
      nullable: true,
      description: 'The whole key (`tt_<prefix>_<secret>`): answered only by the create and rotate calls. Keep it; it cannot be read again.',
      resolve: (row) => (row as Revealed).revealed_key ?? null,
    }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the key was made.' }),
    expires_at: t.expose('expires_at', { type: 'DateTime', nullable: true, description: 'When the key stops working (answers 401); after a rotation, the end of its overlap.' }),
    rotated_at: t.expose('rotated_at', { type: 'DateTime', nullable: true, description: 'When the key was replaced by a rotation.' }),
    last_used_at: t.expose('last_used_at', { type: 'DateTime', nullable: true, description: 'When the key last authenticated a call, to the minute.' }),
    revoked_at: t.expose('revoked_at', { type: 'DateTime', nullable: true, description: 'When the key was revoked.' }),
    registered_documents_only: t.exposeBoolean('registered_documents_only', {
      ...graphqlOnly,
      description: 'Whether the key runs only the GraphQL documents registered for the company (docs/graphql.md, Trusted documents).',
    }),
  }),
});

export const ApiKeyParams = builder.inputType('ApiKeyParams', {
  description: 'A key to make.',
  fields: (t) => ({
    name: t.string({ description: `What the key is for (required, at most ${keyLimits.nameLength} characters).` }),
    scopes: t.field({ type: [ApiKeyScope], description: 'What the key may do (required, at least one).' }),
    expires_at: t.field({ type: 'DateTime', description: 'When the key stops working: in the future, at most two years ahead. Without it the key works until revoked.' }),
  }),
});

export const ApiKeyRotationParams = builder.inputType('ApiKeyRotationParams', {
  description: 'How a key is replaced.',
  fields: (t) => ({
    overlap_seconds: t.int({
      description: `How long the old key keeps working, in seconds: 0 (it stops at once) to ${keyLimits.overlapSeconds} (seven days). Required.`,
    }),
    expires_at: t.field({ type: 'DateTime', description: 'When the new key stops working; without it the new key works until revoked.' }),
  }),
});

listField({
  model: 'ApiKey',
  field: 'apiKeys',
  what: 'API keys',
  description: 'Lists the API keys of the company, newest first, revoked and expired ones included. Secrets are never listed.',
  sortable: ['id', 'inserted_at', 'expires_at', 'last_used_at'],
  nullable: new Set(['expires_at', 'last_used_at']),
  defaultOrder: [{ field: 'id', order: 'DESC' }],
  where: (_args, ctx) => ({ company_id: ctx.company.id }),
});

const PREFIX = { required: true, description: "The key's prefix (the part after `tt_`, up to the next `_`)." } as const;

/** The prefix of a path or argument, or 404 when it cannot be one. */
function validPrefix(value: string): string {
  const prefix = prefixOf(value);
  if (!prefix || prefix !== value.trim()) throw new NotFoundError();
  return prefix;
}

builder.queryFields((t) => ({
  apiKey: t.prismaField({
    type: 'ApiKey',
    nullable: true,
    description: "One API key of the company by prefix; another company's key answers like a missing one.",
    args: { prefix: t.arg.string(PREFIX) },
    resolve: (query, _root, args, ctx) =>
      found(prisma().apiKey.findFirst({ ...query, where: { company_id: ctx.company.id, prefix: validPrefix(args.prefix) } })),
  }),
}));

builder.mutationFields((t) => {
  const answer = async (query: object, prefix: string, revealed?: string) => ({
    ...(await prisma().apiKey.findUniqueOrThrow({ ...query, where: { prefix } })),
    revealed_key: revealed,
  });
  return {
    createApiKey: t.payloadField({
      payload: 'CreateApiKeyPayload',
      type: 'ApiKey',
      description: 'Makes an API key of the company; the answer carries the whole `key`, shown this once.',
      args: { params: t.arg({ type: ApiKeyParams, required: true, description: 'The key to make.' }) },
      resolve: async (query, _root, args, ctx) => {
        const made = await createKey(ctx.company.id, args.params as KeyParams);
        return answer(query, made.prefix, made.key);
      },
    }),
    revokeApiKey: t.payloadField({
      payload: 'RevokeApiKeyPayload',
      type: 'ApiKey',
      description: 'Revokes an API key: every call with it answers 401 from now on (within 5 seconds on every server). Revoking twice keeps the first time.',
      args: { prefix: t.arg.string(PREFIX) },
      resolve: async (query, _root, args, ctx) => {
        const { prefix } = await companyKey(ctx.company.id, validPrefix(args.prefix));
        await revokeKey(prefix);
        return answer(query, prefix);
      },
    }),
    rotateApiKey: t.payloadField({
      payload: 'RotateApiKeyPayload',
      type: 'ApiKey',
      description: 'Replaces a key with a new one of the same name and scopes, answered with its whole `key` this once; the old key keeps working for `overlap_seconds`, then answers 401.',
      args: { prefix: t.arg.string(PREFIX), params: t.arg({ type: ApiKeyRotationParams, required: true, description: 'The overlap, and the new key\'s expiry.' }) },
      resolve: async (query, _root, args, ctx) => {
        const params = args.params as RotationParams;
        const overlap = checkRotation(params);
        const { made } = await rotateKey(validPrefix(args.prefix), overlap, params.expires_at ?? null, ctx.company.id);
        return answer(query, made.prefix, made.key);
      },
    }),
  };
});
