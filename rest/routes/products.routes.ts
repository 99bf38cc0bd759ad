import { schema } from '../../graph/schema.ts';
import type { ProductParams } from '../generated/operations.ts';
import { route } from '../route.ts';
import { selectAll } from '../selection.ts';

const product = selectAll(schema, 'Product');
const tag = 'Products';
// Typed by the generated operation types, so an example that drifts from the schema fails tsc.
const example: ProductParams = {
  code: 'PRD-01',
  description: 'Stainless steel valve 2"',
  category: 'Valves',
  mercosul_code: '84818099',
  package_type: 'BOXES',
  package_capacity: '12.0000',
  net_weight_per_package: '18.5000',
  gross_weight_per_package: '19.2500',
  packages_per_pallet: 40,
  has_palletization: true,
  internal_codes: [{ code: 'ERP-778812', label: 'ERP' }],
  translated_descriptions: [{ language: 'pt-BR', description: 'Válvula de aço inoxidável 2"' }],
};

/** The product routes of the public API. */
export const productRoutes = [
  route({
    id: 'products.list',
    method: 'GET',
    path: '/products',
    tag,
    summary: 'List products',
    description: 'Lists the live products of the company, paginated; `search` matches code, description, category, family, manufacturer and NCM.',
    status: 200,
    list: true,
    document: `query ProductsList($limit: Int, $offset: Int, $after: String, $order_by: [ProductOrderBy!], $search: String, $filters: ProductFilters) {
      products(limit: $limit, offset: $offset, after: $after, order_by: $order_by, search: $search, filters: $filters) { data { ${product} } total_count total_count_exact next_cursor }
    }`,
  }),
  route({
    id: 'products.create',
    method: 'POST',
    path: '/products',
    tag,
    summary: 'Create a product',
    description: '`code` and `description` are required; `code` must not be used by another live product.',
    status: 201,
    example,
    document: `mutation ProductsCreate($params: ProductParams!) { createProduct(params: $params) { product { id code } } }`,
  }),
  route({
    id: 'products.upsert',
    method: 'PUT',
    path: '/products',
    tag,
    summary: 'Create or update products in a batch',
    description: 'Each element is matched by `code`: an existing product is updated, a new one created. The batch is all or nothing.',
    status: 201,
    example: [example, { code: 'PRD-02', description: 'Brass fitting 1/2"' }] satisfies ProductParams[],
    document: `mutation ProductsUpsert($params: [ProductParams!]!) { upsertProducts(params: $params) { products { id code } } }`,
  }),
  route({
    id: 'products.get',
    method: 'GET',
    path: '/products/{id}',
    tag,
    summary: 'Get a product by id',
    description: 'One product of your company with its internal codes and descriptions. Another company\'s product answers 404, like a missing one.',
    status: 200,
    pathExamples: { id: 1 },
    document: `query ProductsGet($id: Int!) { product(id: $id) { ${product} } }`,
  }),
  route({
    id: 'products.update',
    method: 'PUT',
    path: '/products/{id}',
    tag,
    summary: 'Update a product by id',
    description: 'Fields left out are kept; nested lists sent replace the stored ones.',
    status: 200,
    pathExamples: { id: 1 },
    example: { description: 'Stainless steel valve 2" (rev. B)' } satisfies ProductParams,
    document: `mutation ProductsUpdate($id: Int!, $params: ProductParams!) { updateProduct(id: $id, params: $params) { product { id code } } }`,
  }),
  route({
    id: 'products.delete',
    method: 'DELETE',
    path: '/products/{id}',
    tag,
    summary: 'Delete a product by id',
    description: 'Deletes the product: it leaves lists and lookups, and a second delete answers 404.',
    status: 200,
    pathExamples: { id: 1 },
    document: `mutation ProductsDelete($id: Int!) { deleteProduct(id: $id) { product { id code } } }`,
  }),
  route({
    id: 'products.getByCode',
    method: 'GET',
    path: '/products-by-code/{code}',
    tag,
    summary: 'Get a product by code',
    description: 'The product of that code; the code is matched after trimming surrounding spaces.',
    status: 200,
    pathExamples: { code: 'PRD-01' },
    document: `query ProductsGetByCode($code: String!) { productByCode(code: $code) { ${product} } }`,
  }),
  route({
    id: 'products.updateByCode',
    method: 'PUT',
    path: '/products-by-code/{code}',
    tag,
    summary: 'Update a product by code',
    description: 'Fields left out are kept; nested lists sent replace the stored ones.',
    status: 200,
    pathExamples: { code: 'PRD-01' },
    example: { description: 'Stainless steel valve 2" (rev. B)' } satisfies ProductParams,
    document: `mutation ProductsUpdateByCode($code: String!, $params: ProductParams!) { updateProductByCode(code: $code, params: $params) { product { id code } } }`,
  }),
  route({
    id: 'products.deleteByCode',
    method: 'DELETE',
    path: '/products-by-code/{code}',
    tag,
    summary: 'Delete a product by code',
    description: 'Deletes the product of that code, as the delete by id does.',
    status: 200,
    pathExamples: { code: 'PRD-01' },
    document: `mutation ProductsDeleteByCode($code: String!) { deleteProductByCode(code: $code) { product { id code } } }`,
  }),
];
