import { schema } from '../../graph/schema.ts';
import { route, type RouteDef } from '../route.ts';
import { selectAll } from '../selection.ts';

const operation = selectAll(schema, 'Operation');
const tag = 'Operations';

/** The operation routes of the public API: what an integration reads to learn its `operation_id` and handler slot ids. */
export const operationRoutes: RouteDef[] = [
  route({
    id: 'operations.list',
    method: 'GET',
    path: '/operations',
    tag,
    summary: 'List operations',
    description:
      'The operations of the company, oldest first, each with its handler slots (one per business role: the `operation_handler_id` of handler entries). A company has few operations, so they all come in one answer, without pagination.',
    status: 200,
    document: `query OperationsList { operations { ${operation} } }`,
  }),
  route({
    id: 'operations.get',
    method: 'GET',
    path: '/operations/{operation_id}',
    tag,
    summary: 'Get an operation by id',
    description: "One operation of your company with its handler slots. Another company's operation answers 404, like a missing one.",
    status: 200,
    pathExamples: { operation_id: 1 },
    document: `query OperationsGet($operation_id: Int!) { operation(id: $operation_id) { ${operation} } }`,
  }),
];
