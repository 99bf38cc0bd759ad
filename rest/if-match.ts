// A conditional write (docs/index.md, Conditional writes): PUT or DELETE with `If-Match` runs
// the read of the resource, the comparison of its tag and the change in one transaction.
import type { DocumentNode } from 'graphql';
import { PreconditionFailedError } from '../graph/errors.ts';
import { isRetryable, write } from '../graph/database/transaction.ts';
import { valueAt } from './answer.ts';
import { etagOf, tagListMatches } from './etag.ts';
import type { CompiledRoute } from './route.ts';

/** What executing a route's document answers. */
export type ExecutionOutcome = { data?: Record<string, unknown> | null; errors?: readonly { originalError?: unknown }[] };

/** Ends a conditional write's transaction without committing, carrying the answer to give. */
class Rollback extends Error {
  constructor(readonly outcome: ExecutionOutcome) {
    super('rolled back');
  }
}

/**
 * A PUT or DELETE with `If-Match`: reads the resource, compares its tag and runs the change in
 * one REPEATABLE READ transaction. A concurrent change between the read and the write fails
 * the transaction, which then runs again and answers 412 because the tag no longer matches.
 */
export async function runIfMatch(
  ifMatch: string,
  route: CompiledRoute,
  resource: CompiledRoute,
  variableValues: Record<string, unknown>,
  run: (document: DocumentNode, values: Record<string, unknown>) => Promise<ExecutionOutcome>,
): Promise<ExecutionOutcome> {
  const resourceValues = Object.fromEntries(resource.pathParams.map((p) => [p, variableValues[p]]));
  try {
    return await write(
      async () => {
        const current = await run(resource.document, resourceValues);
        if (current.errors?.length) throw new Rollback(current);
        const body = JSON.stringify({ data: valueAt(current.data, resource.answerPath) });
        if (!tagListMatches(ifMatch, etagOf(body))) throw new PreconditionFailedError();
        const outcome = await run(route.document, variableValues);
        if (outcome.errors?.length) {
          const conflict = outcome.errors.find((e) => isRetryable(e.originalError));
          throw conflict ? conflict.originalError : new Rollback(outcome);
        }
        return outcome;
      },
      { repeatableRead: true },
    );
  } catch (e) {
    if (e instanceof Rollback) return e.outcome;
    throw e;
  }
}

