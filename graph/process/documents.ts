// Documents of a process (docs/processes/index.md): files uploaded by the REST facade as
// multipart/form-data, kept in the document storage (graph/storage.ts), listed on the
// process, downloadable and deletable.
import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { ProcessDocumentType } from '../../prisma/generated/client/enums.ts';
import { builder } from '../builder.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { FieldErrors, NotFoundError, fieldMessages } from '../errors.ts';
import { softDelete } from '../database/lifecycle.ts';
import { lockRoots } from '../database/locks.ts';
import { referenceField } from '../schema-helpers/reference-field.ts';
import { write as inTransaction } from '../database/transaction.ts';
import { storage, UploadHandle } from '../storage.ts';
import { storedFileName } from './file-names.ts';
import { required } from '../schema-helpers/required.ts';
import type { PayloadName } from '../schema-helpers/payload-plugin.ts';
import { findLiveProcess, requireOperation, type ProcessBy } from './stored.ts';
import { live, ofCompany } from '../database/records.ts';

const ProcessDocumentTypeEnum = builder.enumType(ProcessDocumentType, { name: 'ProcessDocumentType', description: 'Kind of a process document.' });

/** A file sent in a multipart upload (REST only); the facade turns the form's file part into it. */
export const UploadScalar = builder.scalarType('Upload', {
  description: 'A file of a multipart/form-data upload.',
  serialize: () => {
    throw new GraphQLError('Upload is an input only');
  },
  parseValue: (value: unknown) => {
    if (value instanceof UploadHandle) return value;
    throw new GraphQLError('a file is expected');
  },
});

builder.prismaObject('ProcessDocument', {
  description: 'A document attached to a process.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    type: t.expose('type', { type: ProcessDocumentTypeEnum, description: 'Document type.' }),
    original_filename: t.exposeString('original_filename', { description: 'File name as uploaded, cleaned (no path, control or bidirectional characters, nor leading dots) and cut to 255 characters keeping the extension.' }),
    description: t.exposeString('description', { nullable: true, description: 'Description.' }),
    content_type: t.exposeString('content_type', { description: 'Media type as uploaded.' }),
    size: t.exposeInt('size_bytes', { description: 'Size in bytes.' }),
    invoice_id: t.exposeInt('invoice_id', { nullable: true, description: 'The invoice of the shipment the document belongs to.' }),
    parent_document_id: t.exposeInt('parent_document_id', { nullable: true, description: 'The document this one belongs to.' }),
    invoice: referenceField(t, 'invoice_id', 'Invoice', 'The invoice (invoice_id)', ofCompany),
    parent_document: referenceField(t, 'parent_document_id', 'ProcessDocument', 'The document this one belongs to (parent_document_id)', live),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When it was uploaded.' }),
  }),
});

/** What the download route needs of a document's file; where the bytes are stored is never answered (docs/security.md). */
const DocumentFile = builder.objectRef<{ document_id: number; content_type: string; original_filename: string; size: number }>('ProcessDocumentFile').implement({
  description: 'The stored file of a document (the REST download route streams it).',
  fields: (t) => ({
    document_id: t.exposeInt('document_id', { description: 'The document.' }),
    content_type: t.exposeString('content_type', { description: 'Media type.' }),
    original_filename: t.exposeString('original_filename', { description: 'File name as uploaded.' }),
    size: t.exposeInt('size', { description: 'Size in bytes.' }),
  }),
});

const ProcessDocumentParams = builder.inputType('ProcessDocumentParams', {
  description: 'A document upload: `type` and `file` are required.',
  fields: (t) => ({
    type: t.field({ type: ProcessDocumentTypeEnum, ...required('Document type.') }),
    file: t.field({ type: UploadScalar, ...required('The file.') }),
    description: t.string({ description: 'Description.' }),
    invoice_id: t.int({ description: 'An invoice of the process shipment the document belongs to.' }),
    parent_document_id: t.int({ description: 'Another document of the process this one belongs to.' }),
  }),
});

type DocInput = { type?: ProcessDocumentType | null; file?: UploadHandle | null; description?: string | null; invoice_id?: number | null; parent_document_id?: number | null };

async function locate(ctx: Context, operationId: number, by: ProcessBy) {
  await requireOperation(prisma(), ctx.company.id, operationId);
  return findLiveProcess(prisma(), ctx.company.id, operationId, by);
}

async function upload(ctx: Context, operationId: number, by: ProcessBy, params: DocInput) {
  const companyId = ctx.company.id;
  const p = await locate(ctx, operationId, by);
  const errors = new FieldErrors();
  if (!params.type) errors.add('type', fieldMessages.blank);
  if (!params.file) errors.add('file', fieldMessages.blank);
  if (params.invoice_id != null) {
    const inv = await prisma().invoice.findFirst({ where: { company_id: companyId, id: params.invoice_id, parent: { process_id: p.id } }, select: { id: true } });
    if (!inv) errors.add('invoice_id', fieldMessages.missing);
  }
  if (params.parent_document_id != null) {
    const parent = await prisma().processDocument.findFirst({
      where: { company_id: companyId, id: params.parent_document_id, process_id: p.id, deleted_at: null },
      select: { id: true },
    });
    if (!parent) errors.add('parent_document_id', fieldMessages.missing);
  }
  errors.throwIfAny();
  const file = params.file!;
  const key = `${companyId}/${p.id}/${randomUUID()}`;
  const { size } = await storage().put(key, file.stream());
  try {
    // The process row lock orders the attachment after a concurrent delete of the process (then 404).
    return await inTransaction(async (db) => {
      if (!(await lockRoots(db.process, { company_id: companyId, operation_id: operationId, id: p.id }))) throw new NotFoundError();
      return db.processDocument.create({
      data: {
        company_id: companyId,
        process_id: p.id,
        type: params.type!,
        description: params.description ?? null,
        original_filename: storedFileName(file.filename),
        content_type: file.contentType,
        size_bytes: size,
        storage_key: key,
        invoice_id: params.invoice_id ?? null,
        parent_document_id: params.parent_document_id ?? null,
      },
      select: { id: true },
      });
    });
  } catch (e) {
    await storage().delete(key);
    throw e;
  }
}

async function findDocument(ctx: Context, operationId: number, by: ProcessBy, id: number) {
  const p = await locate(ctx, operationId, by);
  const doc = await prisma().processDocument.findFirst({
    where: { company_id: ctx.company.id, process_id: p.id, id, deleted_at: null },
    select: { id: true, process_id: true, storage_key: true, content_type: true, original_filename: true, size_bytes: true },
  });
  if (!doc) throw new NotFoundError();
  return doc;
}

/** The argument builder of a query or mutation field. */
type ArgBuilder = Parameters<Parameters<typeof builder.queryFields>[0]>[0]['arg'];

/** The arguments locating a process: the operation, then the process by id or by reference code. */
const processArgs = (arg: ArgBuilder, byCode: boolean) => ({
  operation_id: arg.int({ required: true, description: 'The operation.' }),
  ...(byCode
    ? { reference_code: arg.string({ required: true, description: 'Process reference code.' }) }
    : { process_id: arg.int({ required: true, description: 'Process id.' }) }),
});
const documentId = (arg: ArgBuilder) => arg.int({ required: true, description: 'Document id.' });

/** The locating arguments as a resolver receives them (`id` is the document's, when there is one). */
type LocatingArgs = { operation_id: number; process_id?: number; reference_code?: string };
const byArgs = (args: LocatingArgs): ProcessBy => (args.reference_code !== undefined ? { reference_code: args.reference_code } : { id: args.process_id! });

// NOTE: each field below is declared once for both ways of locating the process, as
// graph/schema-helpers/locate.ts `located()` does elsewhere; located() cannot serve them because their
// by-id twin takes the process as `process_id` (`id` is the document's), and the file is not
// a model field.
builder.queryFields((t) => {
  const file = (byCode: boolean) =>
    t.field({
      type: DocumentFile,
      nullable: true,
      description: `The stored file of a document of a process, by process ${byCode ? 'reference code' : 'id'}.`,
      args: { ...processArgs(t.arg, byCode), id: documentId(t.arg) },
      resolve: async (_root, args: LocatingArgs & { id: number }, ctx) => {
        const d = await findDocument(ctx, args.operation_id, byArgs(args), args.id);
        return { document_id: d.id, content_type: d.content_type, original_filename: d.original_filename, size: d.size_bytes };
      },
    });
  return { processDocumentFile: file(false), processDocumentFileByReferenceCode: file(true) };
});

builder.mutationFields((t) => {
  const create = (byCode: boolean, payload: PayloadName) =>
    t.payloadField({
      payload,
      type: 'ProcessDocument',
      description: `Attaches an uploaded file to a process, by process ${byCode ? 'reference code' : 'id'}.`,
      args: { ...processArgs(t.arg, byCode), params: t.arg({ type: ProcessDocumentParams, required: true }) },
      resolve: async (query, _root, args: LocatingArgs & { params: DocInput }, ctx) => {
        const { id } = await upload(ctx, args.operation_id, byArgs(args), args.params);
        return prisma().processDocument.findUniqueOrThrow({ ...query, where: { company_id_id: { company_id: ctx.company.id, id } } });
      },
    });
  const remove = (byCode: boolean, payload: PayloadName) =>
    t.payloadField({
      payload,
      type: 'ProcessDocument',
      description: `Deletes a document of a process, by process ${byCode ? 'reference code' : 'id'}; the stored file is removed.`,
      args: { ...processArgs(t.arg, byCode), id: documentId(t.arg) },
      resolve: async (query, _root, args: LocatingArgs & { id: number }, ctx) => {
        const d = await findDocument(ctx, args.operation_id, byArgs(args), args.id);
        // One conditional update: of concurrent deletes one wins, the others answer 404. The
        // process is locked first, as every writer of its parts locks it (graph/database/locks.ts).
        await inTransaction(async (db) => {
          if (!(await lockRoots(db.process, { company_id: ctx.company.id, operation_id: args.operation_id, id: d.process_id }))) throw new NotFoundError();
          await softDelete(db.processDocument, { company_id: ctx.company.id, id: d.id });
        });
        await storage().delete(d.storage_key);
        return prisma().processDocument.findUniqueOrThrow({ ...query, where: { company_id_id: { company_id: ctx.company.id, id: d.id } } });
      },
    });
  return {
    createProcessDocument: create(false, 'CreateProcessDocumentPayload'),
    createProcessDocumentByReferenceCode: create(true, 'CreateProcessDocumentByReferenceCodePayload'),
    deleteProcessDocument: remove(false, 'DeleteProcessDocumentPayload'),
    deleteProcessDocumentByReferenceCode: remove(true, 'DeleteProcessDocumentByReferenceCodePayload'),
  };
});

/** Where a document's file is stored, for the download route of the caller's company; null when it is not theirs. */
export async function storedFileKey(companyId: number, documentId: number): Promise<string | null> {
  const row = await prisma().processDocument.findFirst({ where: { company_id: companyId, id: documentId }, select: { storage_key: true } });
  return row?.storage_key ?? null;
}
