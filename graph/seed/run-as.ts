import { execute, parse } from 'graphql';
import type { NewCompany } from '../company/companies.ts';
import type { Context } from '../context.ts';
import { schema } from '../schema.ts';

/**
 * Runs an operation of the domain schema as the given company, so seeded data obeys every rule;
 * `Data` is the shape of its answer, as the caller's document asks for it.
 */
export async function runAs<Data = Record<string, unknown>>(
  company: NewCompany['company'],
  source: string,
  variableValues: Record<string, unknown> = {},
): Promise<Data> {
  // A broken rule throws (rather than being listed in a payload), so a bad seed fails loudly.
  const contextValue: Context = { company, locale: 'en-US', requestId: 'demo-seed', rulesAsErrors: true };
  const result = await execute({ schema, document: parse(source), variableValues, contextValue });
  if (result.errors?.length) throw new Error(`demo seed failed: ${JSON.stringify(result.errors)}`);
  return result.data as Data;
}
