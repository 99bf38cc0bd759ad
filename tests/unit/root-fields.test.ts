// The root fields of an operation with the fields beneath them that take arguments
// (graph/request/root-fields.ts): what lets an argument over a limit refuse one root field only.
import { buildSchema, getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { rootFields } from '../../graph/request/root-fields.ts';

const schema = buildSchema(`
  type Query { a(x: String): Item, b(y: Int): Item }
  type Mutation { m(p: String): Item }
  type Item { name(lang: String): String, child(z: Int): Item }
`);

const sitesOf = (text: string) => {
  const document = parse(text);
  const operation = getOperationAST(document)!;
  const root = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  return rootFields(schema, document, operation, root).map((f) => ({ key: f.key, sites: f.sites.map((s) => `${s.node.name.value}${s.root ? '*' : ''}`) }));
};

describe('rootFields', () => {
  it('groups the fields with arguments under their root field, by alias, fragments followed', () => {
    expect(
      sitesOf(`
        query { first: a(x: "1") { name(lang: "en") ...F } b { child(z: 1) { name } } ...R }
        fragment F on Item { child(z: 2) { ...G } }
        fragment G on Item { name(lang: "pt") }
        fragment R on Query { second: a(x: "2") { name } }
      `),
    ).toEqual([
      { key: 'first', sites: ['a*', 'name', 'child', 'name'] },
      { key: 'b', sites: ['child'] },
      { key: 'second', sites: ['a*'] },
    ]);
  });

  it('reads mutations from the mutation root', () => {
    expect(sitesOf('mutation { one: m(p: "x") { name } two: m { child(z: 3) { name } } }')).toEqual([
      { key: 'one', sites: ['m*'] },
      { key: 'two', sites: ['child'] },
    ]);
  });
});
