// The size rules of CONTRIBUTING.md ("Sizes"), checked by tests/architecture.test.ts: no
// hand-written .ts/.tsx file under app/, rest/, graph/ or openapi/ over 300 lines, and no
// function there over 80 lines (declarations, arrow functions, methods, accessors and function
// expressions, such as a Pothos `fields: (t) => ({...})` callback; counted from the line the
// function starts on to the line it ends on). Generated files are left out: a file in a
// `generated/` folder (rest/generated/, written by `npm run codegen`) or whose first line says
// it is generated and not to be edited. `npx tsx scripts/sizes.ts` prints the offenders.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const checkedFolders = ['app', 'rest', 'graph', 'openapi'];
export const maxFileLines = 300;
export const maxFunctionLines = 80;

/** One file or function over its limit: `where` is `path` or `path:line`, `what` names it. */
export interface Offender {
  where: string;
  what: string;
  lines: number;
}

const generatedFirstLine = /generated\b.*\bdo not edit/i;

/** A file that a tool writes, which the size rules leave out. */
export function isGenerated(path: string, text: string): boolean {
  return path.split('/').includes('generated') || generatedFirstLine.test(text.split('\n', 1)[0]);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText(source).slice(0, 60)}`;
  return 'anonymous function';
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function longFunctions(path: string, text: string): Offender[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Offender[] = [];
  const visit = (node: ts.Node) => {
    if (isFunction(node) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = end - start + 1;
      if (lines > maxFunctionLines) found.push({ where: `${path}:${start}`, what: `function ${functionName(node, source)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every hand-written file over `maxFileLines` and function over `maxFunctionLines`, under `root`. */
export function oversized(root = '.'): Offender[] {
  const found: Offender[] = [];
  for (const folder of checkedFolders) {
    for (const file of sourceFiles(join(root, folder))) {
      const path = file.slice(root === '.' ? 0 : root.length + 1);
      const text = readFileSync(file, 'utf8');
      if (isGenerated(path, text)) continue;
      const lines = lineCount(text);
      if (lines > maxFileLines) found.push({ where: path, what: 'file', lines });
      found.push(...longFunctions(path, text));
    }
  }
  return found;
}

export function describeOffender(o: Offender): string {
  const limit = o.what === 'file' ? maxFileLines : maxFunctionLines;
  return `${o.where} ${o.what}: ${o.lines} lines (at most ${limit})`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = oversized();
  for (const o of found) console.log(describeOffender(o));
  console.log(found.length ? `${found.length} over the size rules` : 'no file or function over the size rules');
  process.exitCode = found.length ? 1 : 0;
}
