// Mutations answer payloads (docs/graphql.md, "Mutation payloads"): each mutation is declared
// with `t.payloadField` (graph/schema-helpers/payload-plugin.ts), or `located` for its id/key
// twins, naming its payload type, and answers that record, `userErrors` for the rules the
// request broke, and `warnings`. This file implements the object types `UserError` and
// `Warning` the payloads list, and records warnings. The REST facade answers a payload's
// `userErrors` with its catalogue statuses (rest/user-errors.ts).
import type { ObjectRef } from '@pothos/core';
import { builder, type BuilderTypes } from '../builder.ts';
import type { Context, Warning } from '../context.ts';
import { UserErrorRef, WarningRef } from './payload-plugin.ts';

export type { UserError } from './payload-plugin.ts';

/** Implements an object type of `field`, `code` and `message`, as userErrors and warnings are (a UserError is a Warning's shape with a catalogue code). */
function problemType(ref: ObjectRef<BuilderTypes, Warning>, description: string, texts: { field: string; code: string; message: string }) {
  builder.objectType(ref, {
    description,
    fields: (t) => ({
      field: t.exposeString('field', { nullable: true, description: texts.field }),
      code: t.exposeString('code', { description: texts.code }),
      message: t.exposeString('message', { description: texts.message }),
    }),
  });
}

problemType(UserErrorRef, 'A rule the request broke; nothing of the mutation was written.', {
  field: 'Dotted name of the argument at fault (`params.items.0.code`), or null when the whole request is.',
  code: 'The catalogue code (`UNPROCESSABLE_ENTITY`, `NOT_FOUND`, `BAD_REQUEST` ...), as REST answers it.',
  message: 'What is wrong, in English.',
});

problemType(WarningRef, 'Something the mutation did beyond what was sent; the write happened.', {
  field: 'Dotted name of the field concerned, or null.',
  code: 'What happened, e.g. `ETA_FROM_TRACKING`.',
  message: 'What happened, in English.',
});

/** Records a warning for the mutation being resolved (mutations run one after the other). */
export function warn(ctx: Context, warning: Warning): void {
  ctx.warnings?.push(warning);
}
