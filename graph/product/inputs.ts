// What integrators send for a product (docs/products.md): its params, the list's sort keys, search and filters, and how a product is located.
import { builder } from '../builder.ts';
import { inputFields } from '../schema-helpers/fields.ts';
import { type Locator } from '../schema-helpers/locate.ts';
import { required } from '../schema-helpers/required.ts';
import { productFields } from './types.ts';

export const sortable = ['id', 'code', 'description', 'category', 'family', 'manufacturer', 'mercosul_code', 'inserted_at', 'updated_at'] as const;
export const nullableSortable = new Set(['category', 'family', 'manufacturer', 'mercosul_code']);
export const searchable = ['code', 'description', 'category', 'family', 'manufacturer', 'mercosul_code'] as const;

/** Products are located by id or by code (SKU). */
export const productLocator: Locator = {
  id: 'Product id.',
  key: { arg: 'code', suffix: 'ByCode', label: 'code', description: 'Product code (SKU).' },
};

const InternalCodeParams = builder.inputType('ProductInternalCodeParams', {
  description: 'An internal code; send `id` to keep an existing one.',
  fields: (t) => ({
    id: t.int({ description: 'Id of an existing internal code of this product.' }),
    code: t.string(required('The internal code.')),
    label: t.string({ description: 'What the code is.' }),
  }),
});

const TranslatedDescriptionParams = builder.inputType('TranslatedDescriptionParams', {
  description: 'The product description in another language.',
  fields: (t) => ({
    language: t.string(required('Language tag, e.g. en-US.')),
    description: t.string(required('Description in that language.')),
  }),
});

/** Product fields as sent by integrators; shared by create, update and batch upsert. */
export const ProductParams = builder.inputType('ProductParams', {
  description: 'Product fields. `code` and `description` are required when a product is created.',
  fields: (t) => ({
    code: t.string(required('Product code (SKU).')),
    description: t.string(required('Product description.')),
    ...inputFields(t, productFields),
    translated_descriptions: t.field({ type: [TranslatedDescriptionParams], description: 'Descriptions in other languages.' }),
    internal_codes: t.field({ type: [InternalCodeParams], description: 'Internal codes; replaces the stored list.' }),
    product_foreign_operators: t.intList({ description: 'Actor ids of the foreign operators; replaces the stored list.' }),
  }),
});

export const ProductFilters = builder.inputType('ProductFilters', {
  description: 'Exact-match filters of the product list.',
  fields: (t) => ({
    code: t.string({ description: 'Product code.' }),
    category: t.string({ description: 'Category.' }),
    family: t.string({ description: 'Family.' }),
    manufacturer: t.string({ description: 'Manufacturer.' }),
    mercosul_code: t.string({ description: 'NCM code.' }),
  }),
});
