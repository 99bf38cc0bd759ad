// rest/selection.ts: whole-object selections as one generated fragment per object type.
import { buildSchema, parse, validate, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { inlineFragments, printOperation, selectAll, withFragments } from '../../rest/selection.ts';

const schema = buildSchema(`
  type Query { order(id: Int!): Order }
  type Order { id: Int! code: String lines: [Line!]! customer: Party notes(lang: String!): String }
  type Line { id: Int! order: Order product: Product }
  type Product { id: Int! code: String! }
  type Party { id: Int! name: String }
`);

describe('whole-object selections', () => {
  it('select an object through the spread of its type fragment', () => {
    expect(selectAll(schema, 'Order')).toBe('...OrderFields');
    expect(() => selectAll(schema, 'Nope')).toThrow('Nope is not an object type');
  });

  it('append each fragment a document uses once, in depth-first order of use, into a valid document', () => {
    const document = withFragments(schema, `query P { order(id: 1) { customer { ${selectAll(schema, 'Party')} } lines { product { ${selectAll(schema, 'Product')} } } } }`);
    expect(document.split('\n').slice(1)).toEqual(['fragment PartyFields on Party { id name }', 'fragment ProductFields on Product { id code }']);
    expect(validate(schema, parse(document))).toEqual([]);
  });

  it('select nested objects through their own fragments, leaving out fields with required arguments', () => {
    const document = withFragments(schema, `query O($id: Int!) { order(id: $id) { ${selectAll(schema, 'Order')} } }`);
    expect(document.split('\n').slice(1)).toEqual([
      'fragment OrderFields on Order { id code lines { ...LineFields_in_Order } customer { ...PartyFields } }',
      'fragment LineFields_in_Order on Line { id product { ...ProductFields } }',
      'fragment ProductFields on Product { id code }',
      'fragment PartyFields on Party { id name }',
    ]);
    expect(validate(schema, parse(document))).toEqual([]);
  });

  it('do not select a type again below itself: a line below an order leaves out its order, a line alone keeps it', () => {
    const document = withFragments(schema, `{ order(id: 1) { lines { id } } q: order(id: 2) { lines { ${selectAll(schema, 'Line')} } } }`);
    expect(document.split('\n').slice(1)).toEqual([
      'fragment LineFields on Line { id order { ...OrderFields_in_Line } product { ...ProductFields } }',
      'fragment OrderFields_in_Line on Order { id code customer { ...PartyFields } }',
      'fragment PartyFields on Party { id name }',
      'fragment ProductFields on Product { id code }',
    ]);
    expect(validate(schema, parse(document))).toEqual([]);
  });

  it('refuses a spread of a fragment it did not generate', () => {
    expect(() => withFragments(schema, '{ order(id: 1) { ...MyOrder } }')).toThrow('fragment MyOrder is not generated');
  });

  it('inline fragments field by field, and print the operation alone', () => {
    const document = parse(withFragments(schema, `query O { order(id: 1) { ${selectAll(schema, 'Order')} } }`));
    const operation = document.definitions[0] as OperationDefinitionNode;
    const flat = printOperation({ ...document, definitions: [{ ...operation, selectionSet: inlineFragments(operation.selectionSet, document) }] });
    expect(flat.replace(/\s+/g, ' ')).toBe('query O { order(id: 1) { id code lines { id product { id code } } customer { id name } } }');
    expect(printOperation(document).replace(/\s+/g, ' ')).toBe('query O { order(id: 1) { ...OrderFields } }');
  });
});
