// Products as an assembled page writes them (docs/decisions/019-assembled-pages.md): the SQL of
// each field the REST product list answers, beside the resolvers in types.ts.
import { assembled, catalogueSql, childrenOf, columns, datetimes, linkedIds } from '../assembled/shapes.ts';
import { productFields } from './types.ts';

assembled('ProductInternalCode', { table: 'product_internal_codes', fields: columns('id', 'code', 'label') });

assembled('Product', {
  table: 'products',
  fields: {
    ...columns('id', 'code', 'description'),
    ...catalogueSql(productFields),
    // Stored as the JSON list it answers (language, description): its items are plain objects their own fields read.
    translated_descriptions: { value: (p) => `coalesce(${p}.translated_descriptions, '[]'::jsonb)` },
    internal_codes: childrenOf('ProductInternalCode', 'product_id'),
    product_foreign_operators: linkedIds('product_foreign_operators', 'actor_id', 'product_id'),
    ...datetimes('inserted_at', 'updated_at'),
  },
});
