// Products (docs/products.md): the field lists by kind, from which the object type and the input are built, and the object types.
import { builder } from '../builder.ts';
import { firstDescription, pageSize } from '../schema-helpers/pagination/bounds.ts';
import { graphqlOnly } from '../schema-helpers/selection.ts';
import { linkArgs, linkConnectionType, relationLink } from '../schema-helpers/link-connection.ts';
import { enumField, exposeFields, field, fieldsOf, type Fields } from '../schema-helpers/fields.ts';
import '../reference/enums.ts'; // registers MeasurementUnit for catalogue fields

const textFields = {
  category: 'Product category.',
  family: 'Product family.',
  manufacturer: 'Manufacturer name.',
  mercosul_code: 'Mercosul Common Nomenclature code (NCM).',
  additional_details: 'Free text with additional details.',
  package_code: 'Code of the package.',
  content_code: 'Code of the content unit.',
  multiple_code: 'Code of the multiple package.',
} as const;
import { node } from '../schema-helpers/node.ts';
import { invoiceLinesOf, invoiceLinesPage } from './invoice-lines.ts';
import { live } from '../database/records.ts';
const unitFields = {
  package_type: 'Package type.',
  package_measurement_unit: 'Unit of the package capacity.',
  content_type: 'Content type.',
  content_measurement_unit: 'Unit of the content capacity.',
  multiple_package_type: 'Multiple package type.',
  multiple_package_measurement_unit: 'Unit of the multiple package capacity.',
} as const;
const decimalFields = {
  package_capacity: 'Capacity of one package, in the unit `package_measurement_unit`, decimal string.',
  content_capacity: 'Capacity of one content unit, in the unit `content_measurement_unit`, decimal string.',
  multiple_package_capacity: 'Capacity of one multiple package, in the unit `multiple_package_measurement_unit`, decimal string.',
  cubage_per_package: 'Volume of one package, in cubic meters, decimal string.',
  net_weight_per_package: 'Net weight per package in kg, decimal string.',
  gross_weight_per_package: 'Gross weight per package in kg, decimal string.',
} as const;
const flagFields = {
  has_containerization: 'Whether the product is containerized.',
  has_palletization: 'Whether the product is palletized.',
  has_content: 'Whether the package has content units.',
  has_unitization: 'Whether the product is unitized.',
} as const;

/**
 * The catalogue fields of a product (docs/products.md) beyond code and description
 * (graph/schema-helpers/fields.ts): the object type, the input and the writes are built from them.
 */
export const productFields: Fields = {
  ...fieldsOf('text', textFields),
  ...Object.fromEntries(Object.entries(unitFields).map(([k, d]) => [k, enumField('MeasurementUnit', d)])),
  ...fieldsOf('decimal', decimalFields),
  ...Object.fromEntries(Object.entries(flagFields).map(([k, d]) => [k, field('bool', d, { default: false })])),
  packages_per_pallet: field('int', 'Packages per pallet.'),
  extra: field('json', 'Free-form extra data.'),
};


const TranslatedDescription = builder
  .objectRef<{ language: string; description: string }>('TranslatedDescription')
  .implement({
    description: 'The product description in another language.',
    fields: (t) => ({
      language: t.exposeString('language', { description: 'Language tag, e.g. en-US.' }),
      description: t.exposeString('description', { description: 'Description in that language.' }),
    }),
  });

const InternalCodeRef = builder.prismaObject('ProductInternalCode', {
  description: 'A code the company or a partner uses internally for the product.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    code: t.exposeString('code', { description: 'The internal code.' }),
    label: t.exposeString('label', { nullable: true, description: 'What the code is, e.g. "ERP".' }),
  }),
});

export const ProductRef = builder.prismaObject('Product', {
  ...node('Product', live),
  description: 'A product (SKU) the company trades.',
  // The internal codes and foreign operator links are part of the product's own record and
  // small: they come with every product query (joined in the same statement) and are read
  // straight off the row, which spares a per-row selection lookup on every list.
  include: { internal_codes: { orderBy: { id: 'asc' } }, foreign_operator_links: { select: { actor_id: true }, orderBy: { actor_id: 'asc' } } },
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier.' }),
    code: t.exposeString('code', { description: 'Product code (SKU), unique among live products.' }),
    description: t.exposeString('description', { description: 'Product description.' }),
    ...exposeFields(t, productFields),
    purchase_order_items: t.relation('purchase_order_items', {
      ...graphqlOnly,
      description: 'Purchase order lines of the product, of live orders (GraphQL only).',
      args: { first: t.arg.int({ description: firstDescription }) },
      query: (args) => ({ where: { purchase_order: { order: { deleted_at: null } } }, take: pageSize('first', args.first), orderBy: { id: 'asc' } }),
    }),
    sales_order_items: t.relation('sales_order_items', {
      ...graphqlOnly,
      description: 'Sales order lines of the product, of live orders (GraphQL only).',
      args: { first: t.arg.int({ description: firstDescription }) },
      query: (args) => ({ where: { sales_order: { order: { deleted_at: null } } }, take: pageSize('first', args.first), orderBy: { id: 'asc' } }),
    }),
    purchase_order_itemsConnection: t.field({
      ...graphqlOnly,
      description: 'Purchase order lines of the product, of live orders, by cursor (GraphQL only; docs/graphql.md, "Links").',
      args: linkArgs(t),
      ...relationLink({ link: 'Product.purchase_order_items', relation: 'purchase_order_items', model: 'PurchaseOrderItem', where: () => ({ purchase_order: { order: { deleted_at: null } } }) }),
    }),
    sales_order_itemsConnection: t.field({
      ...graphqlOnly,
      description: 'Sales order lines of the product, of live orders, by cursor (GraphQL only; docs/graphql.md, "Links").',
      args: linkArgs(t),
      ...relationLink({ link: 'Product.sales_order_items', relation: 'sales_order_items', model: 'SalesOrderItem', where: () => ({ sales_order: { order: { deleted_at: null } } }) }),
    }),
    invoice_items: t.prismaField({
      ...graphqlOnly,
      type: ['InvoiceItem'],
      description: 'Commercial invoice lines of the product (by `product_sku`) in live processes, in id order, each up to its invoice, shipment and process (GraphQL only).',
      args: { first: t.arg.int({ description: firstDescription }) },
      resolve: (query, p, args, ctx, info) => invoiceLinesOf(query, ctx, info, p.code, pageSize('first', args.first)),
    }),
    invoice_itemsConnection: t.field({
      ...graphqlOnly,
      type: linkConnectionType('InvoiceItem'),
      description: 'Commercial invoice lines of the product (by `product_sku`) in live processes, by cursor (GraphQL only; docs/graphql.md, "Links").',
      args: linkArgs(t),
      resolve: (p, args, ctx, info) => invoiceLinesPage(ctx, info, p.code, args),
    }),
    translated_descriptions: t.field({
      type: [TranslatedDescription],
      description: 'Descriptions in other languages.',
      resolve: (p) => (p.translated_descriptions as { language: string; description: string }[] | null) ?? [],
    }),
    internal_codes: t.field({
      type: [InternalCodeRef],
      description: 'Internal codes of the product.',
      resolve: (p) => p.internal_codes,
    }),
    product_foreign_operators: t.field({
      type: ['Int'],
      description: 'Ids of the actors (foreign operators) linked to the product.',
      resolve: (p) => p.foreign_operator_links.map((l) => l.actor_id),
    }),
    inserted_at: t.expose('inserted_at', { type: 'DateTime', description: 'When the product was created.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', description: 'When the product last changed.' }),
  }),
});
