// Persisted GraphQL documents (docs/graphql.md, Trusted documents): documents a company
// registers with an admin key, and documents its clients teach by sending a query with its
// SHA-256 hash (automatic persisted queries). Both are stored in the database, so every app
// process answers a hash another one learned; both are bounded per company. An API key can be
// limited to registered documents (`setApiKeyRegisteredDocumentsOnly`).
import { createHash } from 'node:crypto';
import { parse, validate, type GraphQLSchema } from 'graphql';
import { builder } from '../builder.ts';
import { prisma } from '../db.ts';
import { DomainError, FieldErrors, fieldMessages, formatFieldMessage, InvalidTransitionError, NotFoundError } from '../errors.ts';
import { lockKeys } from '../database/locks.ts';
import { write } from '../database/transaction.ts';
import { forgetKey, prefixOf } from './auth.ts';
import { companyKey } from './keys.ts';

/** The published bounds (docs/graphql.md, Trusted documents). */
export const documentLimits = {
  /** Longest document stored, in characters. */
  documentLength: 32_768,
  /** Documents registered per company. */
  registered: 1_000,
  /** Documents learned from clients per company; past it the oldest learned ones are dropped. */
  learned: 2_000,
  /** Documents sent in one registration. */
  perRegistration: 100,
} as const;

/** SHA-256 of a document's text, lowercase hexadecimal: the hash clients send. */
export const documentHash = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The stored document of `hash` for the company; with `registeredOnly`, only a registered one. */
export async function storedDocument(companyId: number, hash: string, registeredOnly: boolean): Promise<string | null> {
  const row = await prisma().persistedDocument.findUnique({ where: { company_id_hash: { company_id: companyId, hash } }, select: { document: true, registered: true } });
  return row && (row.registered || !registeredOnly) ? row.document : null;
}

/**
 * Keeps a document a client sent with its hash (the hash checked by the caller). A document
 * over the length bound runs without being kept; past the company's bound the oldest learned
 * documents are dropped, in the same statement.
 */
export async function learnDocument(companyId: number, hash: string, document: string): Promise<void> {
  if (document.length > documentLimits.documentLength) return;
  await write((db) =>
    db.$executeRaw`
      WITH added AS (
        INSERT INTO persisted_documents (company_id, hash, document) VALUES (${companyId}, ${hash}, ${document})
        ON CONFLICT (company_id, hash) DO NOTHING RETURNING id
      )
      DELETE FROM persisted_documents WHERE company_id = ${companyId} AND NOT registered AND id IN (
        SELECT id FROM persisted_documents WHERE company_id = ${companyId} AND NOT registered ORDER BY id DESC OFFSET ${documentLimits.learned - 1}
      )`,
  );
}

/** Documents that cannot be registered: over the bounds, unreadable, or not valid against the schema. */
function checkDocuments(schema: GraphQLSchema, documents: readonly string[]): void {
  const errors = new FieldErrors();
  if (!documents.length) errors.add('documents', fieldMessages.blank);
  if (documents.length > documentLimits.perRegistration) errors.add('documents', formatFieldMessage('tooMany', documentLimits.perRegistration));
  errors.throwIfAny();
  documents.forEach((text, i) => {
    try {
      if (validate(schema, parse(text)).length) errors.add(`documents.${i}`, fieldMessages.invalid);
    } catch {
      errors.add(`documents.${i}`, fieldMessages.invalid);
    }
  });
  errors.throwIfAny();
}

/** Registers documents for the company, within its bound (registrations of one company run one after the other). Answers their hashes. */
async function registerDocuments(companyId: number, schema: GraphQLSchema, documents: readonly string[]): Promise<string[]> {
  checkDocuments(schema, documents);
  const byHash = new Map(documents.map((text) => [documentHash(text), text]));
  await write(async (db) => {
    await lockKeys(db, companyId, 'persisted_document', ['registered']);
    const hashes = [...byHash.keys()];
    const already = await db.persistedDocument.count({ where: { company_id: companyId, registered: true, hash: { in: hashes } } });
    const total = await db.persistedDocument.count({ where: { company_id: companyId, registered: true } });
    if (total - already + hashes.length > documentLimits.registered) throw new InvalidTransitionError('documents', formatFieldMessage('tooMany', documentLimits.registered));
    for (const [hash, document] of byHash) {
      await db.$executeRaw`
        INSERT INTO persisted_documents (company_id, hash, document, registered) VALUES (${companyId}, ${hash}, ${document}, true)
        ON CONFLICT (company_id, hash) DO UPDATE SET registered = true, document = EXCLUDED.document`;
    }
  });
  return [...byHash.keys()];
}

builder.prismaObject('PersistedDocument', {
  description: 'A GraphQL document the company registered: clients send its `hash` in place of its text.',
  fields: (t) => ({
    hash: t.exposeString('hash', { description: 'SHA-256 of the document text, lowercase hexadecimal (what a client sends as `sha256Hash` or `documentId`).' }),
    document: t.exposeString('document', { description: 'The document text, as registered.' }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the document was first stored.' }),
  }),
});

const hashList = { required: true, description: 'SHA-256 hashes (lowercase hexadecimal) of registered documents.' } as const;

builder.mutationFields((t) => ({
  registerDocuments: t.payloadField({
    payload: 'RegisterDocumentsPayload',
    type: ['PersistedDocument'],
    description: `Registers GraphQL documents for the company (at most ${documentLimits.perRegistration} a call, ${documentLimits.registered} in all, each valid against the schema and at most ${documentLimits.documentLength} characters); registering one again keeps it. Keys limited to registered documents run only these.`,
    args: {
      documents: t.arg.stringList({ required: true, description: 'The documents, as the client sends them (codegen `persisted-documents.json` values).', extensions: { maxLength: documentLimits.documentLength } }),
    },
    resolve: async (query, _root, args, ctx, info) => {
      const hashes = await registerDocuments(ctx.company.id, info.schema, args.documents as string[]);
      const rows = await prisma().persistedDocument.findMany({ ...query, where: { company_id: ctx.company.id, hash: { in: hashes } } });
      return hashes.map((hash) => rows.find((row) => row.hash === hash)!);
    },
  }),
  unregisterDocuments: t.payloadField({
    payload: 'UnregisterDocumentsPayload',
    type: ['PersistedDocument'],
    description: 'Removes registered documents of the company; keys limited to registered documents stop running them. Hashes not registered are left out of the answer.',
    args: { hashes: t.arg.stringList({ ...hashList, extensions: { maxLength: 64 } }) },
    resolve: async (query, _root, args, ctx) => {
      const where = { company_id: ctx.company.id, registered: true, hash: { in: args.hashes as string[] } };
      return write(async (db) => {
        const rows = await db.persistedDocument.findMany({ ...query, where });
        await db.persistedDocument.deleteMany({ where });
        return rows;
      });
    },
  }),
}));

builder.mutationFields((t) => ({
  setApiKeyRegisteredDocumentsOnly: t.payloadField({
    payload: 'SetApiKeyRegisteredDocumentsOnlyPayload',
    type: 'ApiKey',
    description: 'Limits an API key to the documents registered for the company (`enabled: true`), or lifts the limit; it counts from the next call on this server, within 5 seconds on every server.',
    args: {
      prefix: t.arg.string({ required: true, description: "The key's prefix (the part after `tt_`, up to the next `_`)." }),
      enabled: t.arg.boolean({ required: true, description: 'Whether the key runs registered documents only.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const prefix = prefixOf(args.prefix);
      if (!prefix || prefix !== args.prefix.trim()) throw new NotFoundError();
      await companyKey(ctx.company.id, prefix);
      await prisma().apiKey.update({ where: { prefix }, data: { registered_documents_only: args.enabled }, select: { id: true } });
      forgetKey(prefix);
      return prisma().apiKey.findUniqueOrThrow({ ...query, where: { prefix } });
    },
  }),
}));

/** Thrown for a document a key limited to registered documents may not run (403, docs/graphql.md). */
export class UnregisteredDocumentError extends DomainError {
  constructor(field: string) {
    super('FORBIDDEN', [{ name: field, message: fieldMessages.notRegistered }]);
  }
}
