// The GraphQL documents the documentation shows (every ```graphql block of docs/ that is an
// operation or a fragment; the field signatures some pages list are not) are what a team copies
// into its code: each must validate against the schema, and GraphQL Code Generator must type
// them, as a client would (docs/graphql.md, "Trusted documents").
import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { buildSchema, parse, validate } from 'graphql';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { docFiles } from './setup/doc-files.ts';

interface Block {
  where: string;
  text: string;
}

/** The ```graphql blocks of a page, with the line each starts on. */
function graphqlBlocks(file: string): Block[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '```graphql') continue;
    const start = i + 1;
    while (i + 1 < lines.length && lines[i + 1].trim() !== '```') i++;
    blocks.push({ where: `${file}:${start}`, text: lines.slice(start, i + 1).join('\n') });
    i++;
  }
  return blocks;
}

const executable = (text: string) => /^\s*(query|mutation|subscription|fragment)\b|^\s*\{/.test(text);
const examples = docFiles().flatMap(graphqlBlocks).filter((b) => executable(b.text));
const sdl = readFileSync('graph/schema.graphql', 'utf8');

describe('GraphQL documents of the documentation', () => {
  it('are there: the pages show operations', () => {
    expect(examples.length).toBeGreaterThanOrEqual(15);
  });

  it('each names its operations, once across the pages (a generated client names its types after them)', () => {
    const names = examples.flatMap((b) =>
      parse(b.text).definitions.flatMap((d) => (d.kind === 'OperationDefinition' ? [{ where: b.where, name: d.name?.value }] : [])),
    );
    expect(names.filter((n) => !n.name).map((n) => `${n.where}: an operation without a name`)).toEqual([]);
    const seen = new Map<string, string>();
    const twice = names.flatMap((n) => (seen.has(n.name!) ? [`${n.where}: ${n.name} is also at ${seen.get(n.name!)}`] : (seen.set(n.name!, n.where), [])));
    expect(twice).toEqual([]);
  });

  it('each validates against the schema', () => {
    const schema = buildSchema(sdl);
    const problems = examples.flatMap((b) => validate(schema, parse(b.text)).map((e) => `${b.where}: ${e.message}`));
    expect(problems).toEqual([]);
  });

  it('are typed by GraphQL Code Generator, and what it writes compiles', async () => {
    const [output] = await generate(
      {
        schema: 'graph/schema.graphql',
        documents: examples.map((b) => b.text),
        silent: true,
        generates: {
          'docs-examples.ts': {
            plugins: ['typescript-operations'],
            config: { scalars: { Decimal: 'string', DateTime: 'string', JSONObject: 'Record<string, unknown>' }, enumsAsTypes: true, avoidOptionals: true },
          },
        },
      },
      false,
    );
    // One result type and one variables type per operation.
    const operations = examples.flatMap((b) => parse(b.text).definitions.filter((d) => d.kind === 'OperationDefinition'));
    expect((output.content.match(/^export type \w+(Query|Mutation|Subscription) = /gm) ?? []).length).toBe(operations.length);
    const file = 'docs-examples.ts';
    const host = ts.createCompilerHost({ strict: true, noEmit: true });
    const read = host.getSourceFile;
    host.getSourceFile = (name, version) => (name === file ? ts.createSourceFile(file, output.content, version) : read(name, version));
    const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: true, types: [] }, host);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });
});
