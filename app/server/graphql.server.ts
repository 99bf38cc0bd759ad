/** GraphQL bridge: the only way app/ reaches the yoga instance. */
import { env } from '../../graph/env';
import { yoga } from '../../graph/yoga';
import { sqlCounter } from '../../prisma/database';

export { yoga };

/**
 * Answers one GraphQL over HTTP request. With SQL_STATS=1 the answer carries the SQL statements
 * it ran in `x-sql-statements`, as REST answers do (statement-count tests, the bench).
 */
export async function handleGraphql(request: Request): Promise<Response> {
  if (!env().sqlStats) return yoga.handle(request, {});
  const counter = { statements: 0 };
  const response = await sqlCounter.run(counter, () => yoga.handle(request, {}));
  response.headers.set('x-sql-statements', String(counter.statements));
  return response;
}
