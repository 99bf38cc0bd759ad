// Limits on every input value, checked before any work is done (docs/limits.md): text length
// by field, no control characters, list sizes, and the shape of free-form JSON. REST and
// GraphQL requests meet the same checks, and the OpenAPI description publishes the same numbers.
import {
  getNamedType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';
import { DomainError, fieldMessages, formatFieldMessage, type FieldErrors } from '../errors.ts';
import { formatOf, matchesFormat, type TextFormat } from '../schema-helpers/text-formats.ts';

/** The published limits (docs/limits.md). */
export const inputLimits = {
  /** Codes, reference codes and numbers: `code`, `*_code`, `reference_code`, `line_reference`, `*_number`, `plate`, `slug`, `unlocode`. */
  codeLength: 60,
  /** Names and other one-line text. */
  lineLength: 255,
  /** Addresses, URLs and paths. */
  longLineLength: 2_048,
  /** Descriptions, observations, comments and other free text. */
  freeTextLength: 10_000,
  /** A Base64-encoded document sent in a field (an NF-e XML): about 1.5 MB once decoded. */
  encodedDocumentLength: 2_000_000,
  /** Items of a batch (the list a batch route takes). */
  batchItems: 1_000,
  /** Items of any list inside a request (order items, containers, ids). */
  listItems: 1_000,
  /** Free-form JSON objects (`extra_fields`): nesting depth, keys in all, and size as JSON text. */
  jsonDepth: 5,
  jsonKeys: 500,
  jsonBytes: 64 * 1024,
} as const;

/** A batch (or any list) over its size: 413, naming the limit (docs/limits.md). */
export class BatchTooLargeError extends DomainError {
  constructor(name: string) {
    super('PAYLOAD_TOO_LARGE', [{ name, message: formatFieldMessage('tooMany', inputLimits.batchItems) }]);
  }
}

/** Refuses a batch over its size before any of its items is read. */
export function assertBatchSize(value: unknown, name = 'params'): void {
  if (Array.isArray(value) && value.length > inputLimits.batchItems) throw new BatchTooLargeError(name);
}

const CODE_NAME = /(^|_)(codes?|references?|slug|number|plate|unlocode)$/;
const FREE_TEXT_NAME = /(^|_)(description|descriptions|observations|comments|details|notes)$/;
const LONG_LINE_NAME = /(^|_)(address|url|path|stopovers|dimensions)$/;

/** Whether a field holds a code (trimmed on write and on lookup: docs/limits.md). */
export const isCodeName = (name: string): boolean => CODE_NAME.test(name);

/** The longest text a field or argument of this name takes; `extensions.maxLength` overrides the naming rule. */
export function maxLengthOf(field: { name: string; extensions?: unknown }): number {
  const declared = (field.extensions as { maxLength?: unknown } | undefined)?.maxLength;
  if (typeof declared === 'number') return declared;
  if (isCodeName(field.name)) return inputLimits.codeLength;
  if (FREE_TEXT_NAME.test(field.name)) return inputLimits.freeTextLength;
  if (LONG_LINE_NAME.test(field.name)) return inputLimits.longLineLength;
  return inputLimits.lineLength;
}

/** Whether the (possibly wrapped) input type holds text: String, or a list of it. */
export function holdsText(type: GraphQLInputType): boolean {
  const named = getNamedType(type);
  return isScalarType(named) && (named.name === 'String' || named.name === 'ID');
}

/** C0 control characters other than tab, line feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Half of a UTF-16 surrogate pair standing alone (`"\ud800"` in JSON): not a character, and PostgreSQL refuses it. */
const UNPAIRED = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why no field accepts a text (docs/limits.md): a control character or an unpaired surrogate; null when it is fine. */
export function badCharacters(text: string): 'controlCharacters' | 'unpairedSurrogate' | null {
  return CONTROL.test(text) ? 'controlCharacters' : UNPAIRED.test(text) ? 'unpairedSurrogate' : null;
}

/** Problems found in one request, split by the status they answer. */
export interface InputProblems {
  /** Unreadable input (400): control characters, a code of the wrong shape. */
  bad: FieldErrors;
  /** Readable but over a limit (422): too long, too many, too deep. */
  invalid: FieldErrors;
}

const at = (name: string, child: string | number) => (name ? `${name}.${child}` : String(child));

/** Checks a free-form JSON value: depth, key count, size, and the text inside. */
function checkJson(value: unknown, name: string, problems: InputProblems): void {
  let keys = 0;
  let deep = false;
  let bad: ReturnType<typeof badCharacters> = null;
  const walk = (v: unknown, depth: number) => {
    if (deep) return;
    if (typeof v === 'string') bad ??= badCharacters(v);
    else if (v !== null && typeof v === 'object') {
      if (depth > inputLimits.jsonDepth) {
        deep = true;
        return;
      }
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
      for (const [k, x] of entries) {
        if (!Array.isArray(v)) {
          keys++;
          bad ??= badCharacters(k);
        }
        walk(x, depth + 1);
      }
    }
  };
  walk(value, 1);
  if (bad) problems.bad.add(name, fieldMessages[bad]);
  else if (deep) problems.invalid.add(name, formatFieldMessage('tooDeep', inputLimits.jsonDepth));
  else if (keys > inputLimits.jsonKeys || JSON.stringify(value).length > inputLimits.jsonBytes) {
    problems.invalid.add(name, fieldMessages.tooLarge);
  }
}

/**
 * Checks `value`, a coerced input of GraphQL type `type`, reporting under the dotted `name`:
 * control characters in any text, text longer than `maxLength`, lists longer than `maxItems`,
 * and free-form JSON over its limits.
 */
export function checkInputValue(
  value: unknown,
  type: GraphQLInputType,
  name: string,
  problems: InputProblems,
  { maxLength, maxItems = inputLimits.listItems, format }: { maxLength: number; maxItems?: number; format?: TextFormat },
): void {
  if (value === null || value === undefined) return;
  if (isNonNullType(type)) return checkInputValue(value, type.ofType, name, problems, { maxLength, maxItems, format });
  if (isListType(type)) {
    if (!Array.isArray(value)) return;
    if (value.length > maxItems) {
      problems.invalid.add(name || 'params', formatFieldMessage('tooMany', maxItems));
      return;
    }
    value.forEach((item, i) => checkInputValue(item, type.ofType, at(name, i), problems, { maxLength, format }));
    return;
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object') return;
    for (const field of Object.values(type.getFields())) {
      const v = (value as Record<string, unknown>)[field.name];
      if (v !== undefined) checkInputValue(v, field.type, at(name, field.name), problems, { maxLength: maxLengthOf(field), format: formatOf(field) });
    }
    return;
  }
  if (typeof value === 'string') {
    // A text over its limit is refused without being scanned through.
    if (value.length > maxLength) {
      problems.invalid.add(name, formatFieldMessage('tooLong', maxLength));
      return;
    }
    const bad = badCharacters(value);
    if (bad) problems.bad.add(name, fieldMessages[bad]);
    else if (format && !matchesFormat(format, value)) problems.bad.add(name, fieldMessages.invalid);
    return;
  }
  if (isScalarType(type) && type.name === 'JSONObject') checkJson(value, name, problems);
}
