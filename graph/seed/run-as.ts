import { execute, parse } from 'graphql';
import type { NewCompany } from '../company/companies.ts';
import type { Context } from '../context.ts';
import { schema } from '../schema.ts';
import { withUserErrors } from '../schema-helpers/payload-selection.ts';

/**
 * Runs an operation of the domain schema as the given company, so seeded data obeys every rule;
 * `Data` is the shape of its answer, as the caller's document asks for it.
 * A broken rule fails the seed loudly: an error, or a rule a mutation payload lists in its
 * `userErrors` (docs/graphql.md, "Mutation payloads"), turned into an error here.
 */
export async function runAs<Data = Record<string, unknown>>(
  company: NewCompany['company'],
  source: string,
  variableValues: Record<string, unknown> = {},
): Promise<Data> {
  const contextValue: Context = { company, locale: 'en-US', requestId: 'demo-seed' };
  const result = await execute({ schema, document: withUserErrors(schema, parse(source)), variableValues, contextValue });
  const userErrors = Object.values(result.data ?? {}).flatMap((payload) => (payload as { userErrors?: unknown[] } | null)?.userErrors ?? []);
  if (result.errors?.length || userErrors.length) throw new Error(`demo seed failed: ${JSON.stringify(result.errors ?? userErrors)}`);
  return result.data as Data;
}
