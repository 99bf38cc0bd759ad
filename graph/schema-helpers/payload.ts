// Mutations answer payloads (docs/graphql.md, "Mutation payloads"): each mutation is declared
// as the record it writes (`t.prismaField`, or `located` for its id/key twins) inside
// `mutationFields`, and is registered as `<name>: <Name>Payload` carrying that record,
// `userErrors` for the rules the request broke, and `warnings`. A broken rule rolls the
// mutation back and is listed, not thrown, so the document's other mutations still report
// their own outcomes. The REST facade answers a payload's `userErrors` with its catalogue
// statuses (rest/user-errors.ts).
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { GraphQLResolveInfo } from 'graphql';
import { builder, namedTypeField, type ArgMap } from '../builder.ts';
import type { Context, Warning } from '../context.ts';
import { DomainError, type ErrorCode } from '../errors.ts';

/** A rule a mutation's request broke, at the dotted field it names (null for the whole request). */
export interface UserError {
  field: string | null;
  code: ErrorCode;
  message: string;
}


/** Codes a mutation lists in `userErrors`; the others (rate limits, conflicts, timeouts) stay errors to retry. */
const RULE_CODES = new Set<ErrorCode>(['BAD_REQUEST', 'NOT_FOUND', 'UNPROCESSABLE_ENTITY', 'PRECONDITION_FAILED']);

/** An object type of `field`, `code` and `message`, as userErrors and warnings are (a UserError is a Warning's shape with a catalogue code). */
function problemType(name: string, description: string, texts: { field: string; code: string; message: string }) {
  return builder.objectRef<Warning>(name).implement({
    description,
    fields: (t) => ({
      field: t.exposeString('field', { nullable: true, description: texts.field }),
      code: t.exposeString('code', { description: texts.code }),
      message: t.exposeString('message', { description: texts.message }),
    }),
  });
}

const UserErrorType = problemType('UserError', 'A rule the request broke; nothing of the mutation was written.', {
  field: 'Dotted name of the argument at fault (`params.items.0.code`), or null when the whole request is.',
  code: 'The catalogue code (`UNPROCESSABLE_ENTITY`, `NOT_FOUND`, `BAD_REQUEST` ...), as REST answers it.',
  message: 'What is wrong, in English.',
});

const WarningType = problemType('Warning', 'Something the mutation did beyond what was sent; the write happened.', {
  field: 'Dotted name of the field concerned, or null.',
  code: 'What happened, e.g. `ETA_FROM_TRACKING`.',
  message: 'What happened, in English.',
});

/**
 * The rules a failure broke, or undefined when it is not a rule failure. A record not found
 * names the argument that located it (`locating`: `id`, or the key such as `code`), so every
 * user error carries its path.
 */
function userErrorsOf(e: unknown, locating: string | null): UserError[] | undefined {
  if (!(e instanceof DomainError)) return undefined;
  const code = e.extensions.code as ErrorCode;
  if (!RULE_CODES.has(code)) return undefined;
  const fields = (e.extensions.fields ?? []) as { name: string; message: string }[];
  const whole = code === 'NOT_FOUND' ? locating : null;
  return fields.length ? fields.map((f) => ({ field: f.name, code, message: f.message })) : [{ field: whole, code, message: e.message }];
}

/** The argument a mutation locates its record by: `id`, else a key (`code`, `reference_code` ...), else none. */
function locatingArgument(args: Record<string, unknown>): string | null {
  if ('id' in args) return 'id';
  return Object.keys(args).find((name) => name !== 'params' && name !== 'operation_id' && typeof args[name] === 'string') ?? null;
}

/** Records a warning for the mutation being resolved (mutations run one after the other). */
export function warn(ctx: Context, warning: Warning): void {
  ctx.warnings?.push(warning);
}

/** How the mutations of one file are declared: what `t.prismaField` would take. */
interface Declared {
  type: string | [string];
  description: string;
  args?: ArgMap;
  resolve: (query: object, root: unknown, args: Record<string, unknown>, ctx: Context, info: GraphQLResolveInfo) => Promise<unknown>;
}

/** The field builder of `builder.mutationFields`, typed as Pothos types it. */
type MutationFieldBuilder = Parameters<Parameters<typeof builder.mutationFields>[0]>[0];

const DECLARED = Symbol('declared mutation');
const upper = (s: string) => s[0].toUpperCase() + s.slice(1);
const lower = (s: string) => s[0].toLowerCase() + s.slice(1);
const plural = (s: string) => (s.endsWith('s') ? `${s}es` : `${s}s`);

/** The payload field of one declared mutation. */
function payloadField(t: MutationFieldBuilder, name: string, declared: Declared) {
  const list = Array.isArray(declared.type);
  const typeName = list ? declared.type[0] : (declared.type as string);
  const recordField = list ? plural(lower(typeName)) : lower(typeName);
  type Outcome = { record: unknown; userErrors: UserError[]; warnings: Warning[] };
  const payload = builder.objectRef<Outcome>(`${upper(name)}Payload`).implement({
    description: `The outcome of \`${name}\`: \`${recordField}\` as written, or null with the broken rules in \`userErrors\`.`,
    fields: (p) => ({
      [recordField]: namedTypeField(p, {
        type: list ? [typeName] : typeName,
        nullable: true,
        description: list ? `The ${typeName} records written, in the order sent; null when a rule was broken.` : `The ${typeName} written; null when a rule was broken.`,
        resolve: (o: Outcome) => o.record,
      }),
      userErrors: p.field({ type: [UserErrorType], description: 'The rules the request broke; empty when the mutation was written.', resolve: (o) => o.userErrors }),
      warnings: p.field({ type: [WarningType], description: 'What the mutation did beyond what was sent; empty most of the time.', resolve: (o) => o.warnings }),
    }),
  });
  return t.field({
    type: payload,
    // An error that is not a broken rule (a rate limit, a timeout) is null here, with the error
    // at its path; the document's other mutations keep their outcomes.
    nullable: true,
    description: declared.description,
    args: declared.args,
    resolve: async (root: unknown, args: Record<string, unknown>, ctx: Context, info: GraphQLResolveInfo): Promise<Outcome> => {
      // Arguments over a limit (graph/limits/arguments.ts): refused before anything is read or written.
      const refused = ctx.refusedArguments?.get(info.path.key as string);
      if (refused) return { record: null, userErrors: refused.flatMap((e) => userErrorsOf(e, null) ?? []), warnings: [] };
      const query = queryFromInfo({ context: ctx, info, typeName, path: [recordField] });
      const warnings: Warning[] = [];
      ctx.warnings = warnings;
      try {
        return { record: await declared.resolve(query, root, args, ctx, info), userErrors: [], warnings };
      } catch (e) {
        const userErrors = userErrorsOf(e, locatingArgument(args));
        if (!userErrors) throw e;
        return { record: null, userErrors, warnings: [] };
      } finally {
        ctx.warnings = undefined;
      }
    },
  });
}

/**
 * Registers mutations declared with `t.prismaField` (directly or through `located`) as payload
 * fields. `build` receives the field builder with `prismaField` recording the declaration.
 */
export function mutationFields(build: (t: MutationFieldBuilder) => Record<string, unknown>): void {
  builder.mutationFields((t) => {
    const recording = Object.create(t, { prismaField: { value: (declared: Declared) => ({ [DECLARED]: declared }) } });
    // Each field `build` declares is what the recording `prismaField` answered (checked below).
    const declared = build(recording as MutationFieldBuilder) as Record<string, { [DECLARED]?: Declared }>;
    return Object.fromEntries(
      Object.entries(declared).map(([name, d]) => {
        if (!d?.[DECLARED]) throw new Error(`mutation ${name}: declare it with t.prismaField or located`);
        return [name, payloadField(t, name, d[DECLARED])];
      }),
    );
  });
}
