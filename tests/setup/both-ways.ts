// The two reads of an assembled page (docs/decisions/019-assembled-pages.md): as PostgreSQL writes
// it, and field by field (the same document made unassemblable by one alias), which must be equal.
import { expect } from 'vitest';
import { graphql } from '../helpers.ts';
import { fieldByField } from './route-documents.ts';

/** A page of the REST route's document, as PostgreSQL assembles it and as the field-by-field read answers it: the two must be equal. */
export async function bothWays(key: string, document: string, type: string, field: string, variables: Record<string, unknown>): Promise<any[]> {
  const assembled = await graphql(key, document, variables);
  const plain = await graphql(key, fieldByField(document, type), variables);
  expect(assembled.body.errors).toBeUndefined();
  expect(plain.body.errors).toBeUndefined();
  const page = assembled.body.data[field].data;
  expect(plain.body.data[field].data.map(({ row_id, ...rest }: { row_id: number }) => (expect(row_id).toBe((rest as { id: number }).id), rest))).toEqual(page);
  return page;
}
