import { schema } from '../../graph/schema.ts';
import { route } from '../route.ts';
import { selectAll } from '../selection.ts';

const tag = 'Cost models';

/** The cost model routes of the public API. */
export const costModelRoutes = [
  route({
    id: 'costModels.list',
    method: 'GET',
    path: '/cost-models',
    tag,
    summary: 'List cost models',
    description: 'Lists the cost models of the company with their versions and expenses, paginated; `search` matches the name.',
    status: 200,
    list: true,
    document: `query CostModelsList($limit: Int, $offset: Int, $after: String, $order_by: [CostModelOrderBy!], $search: String) {
      costModels(limit: $limit, offset: $offset, after: $after, order_by: $order_by, search: $search) { data { ${selectAll(schema, 'CostModel')} } total_count total_count_exact next_cursor }
    }`,
  }),
  route({
    id: 'costModels.get',
    method: 'GET',
    path: '/cost-models/{id}',
    tag,
    summary: 'Get a cost model',
    description: 'One cost model of your company with its versions and the costs per expense of each.',
    status: 200,
    pathExamples: { id: 2 },
    document: `query CostModelsGet($id: Int!) { costModel(id: $id) { ${selectAll(schema, 'CostModel')} } }`,
  }),
  route({
    id: 'costModelVersions.get',
    method: 'GET',
    path: '/cost-model-versions/{id}',
    tag,
    summary: 'Get a cost model version',
    description: 'The version with its cost model and its expenses (the `cost_model_expense_id` of costs per expense).',
    status: 200,
    pathExamples: { id: 4 },
    document: `query CostModelVersionsGet($id: Int!) { costModelVersion(id: $id) { ${selectAll(schema, 'CostModelVersion')} } }`,
  }),
];
