// Measures every function of src/server with the TypeScript compiler API: its length in lines (its own: a function
// nested in it, such as a route handler or a closure, is measured on its own) and its cyclomatic complexity
// (1 + if, ?:, case, loops, catch, &&, ||, ??; a nested function's decisions are its own). Issue 18 item 1's limits: no function over 120 lines
// or complexity 25 (a flat switch that only maps names is exempt), runSync at most 80 lines and 15.
//   npx tsx scripts/code-limits.ts            the functions over the limits, worst first (exit 1 if any)
//   npx tsx scripts/code-limits.ts --top 15   the 15 largest by complexity, whatever the limits
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface FunctionMeasure {
  file: string;
  name: string;
  line: number;
  /** Its own lines: the span less the inner lines of the functions nested in it (measured on their own). */
  lines: number;
  /** The whole span, nested functions included. */
  span: number;
  complexity: number;
  /** Its body is one switch whose cases only return or assign a value (a name map). */
  flatSwitch: boolean;
}

export const LIMITS = { lines: 120, complexity: 25 } as const;
/** Stricter limits for named functions. */
export const NAMED_LIMITS: Record<string, { lines: number; complexity: number }> = { runSync: { lines: 80, complexity: 15 } };

function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isConstructorDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node);
}

function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression;
    const called = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : 'call';
    return `(callback of ${called})`;
  }
  return '(anonymous)';
}

/** Decision points inside `body`, not counting those of functions nested in it (they are measured on their own). */
function decisions(body: ts.Node): number {
  let n = 0;
  const visit = (node: ts.Node) => {
    if (isFunctionLike(node)) return;
    switch (node.kind) {
      case ts.SyntaxKind.IfStatement:
      case ts.SyntaxKind.ConditionalExpression:
      case ts.SyntaxKind.ForStatement:
      case ts.SyntaxKind.ForInStatement:
      case ts.SyntaxKind.ForOfStatement:
      case ts.SyntaxKind.WhileStatement:
      case ts.SyntaxKind.DoStatement:
      case ts.SyntaxKind.CatchClause:
        n += 1;
        break;
      case ts.SyntaxKind.CaseClause:
        if ((node as ts.CaseClause).statements.length > 0) n += 1;
        break;
      case ts.SyntaxKind.BinaryExpression: {
        const op = (node as ts.BinaryExpression).operatorToken.kind;
        if (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) n += 1;
        break;
      }
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return n;
}

function isFlatSwitch(node: ts.FunctionLikeDeclaration): boolean {
  const body = node.body;
  if (!body || !ts.isBlock(body) || body.statements.length !== 1) return false;
  const only = body.statements[0]!;
  if (!ts.isSwitchStatement(only)) return false;
  return only.caseBlock.clauses.every((c) => c.statements.every((s) => ts.isReturnStatement(s) || ts.isBreakStatement(s) || ts.isExpressionStatement(s)));
}

export function measureFile(file: string, text = fs.readFileSync(file, 'utf8')): FunctionMeasure[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: FunctionMeasure[] = [];
  const visit = (node: ts.Node) => {
    if (isFunctionLike(node) && node.body) {
      const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
      const start = lineOf(node.getStart(source));
      const end = lineOf(node.getEnd());
      const inner = new Set<number>();
      const nested = (n: ts.Node) => {
        if (isFunctionLike(n)) {
          for (let l = lineOf(n.getStart(source)) + 1; l < lineOf(n.getEnd()); l += 1) inner.add(l);
          return;
        }
        ts.forEachChild(n, nested);
      };
      ts.forEachChild(node.body, nested);
      const span = end - start + 1;
      out.push({ file, name: nameOf(node), line: start + 1, lines: span - inner.size, span, complexity: 1 + decisions(node.body), flatSwitch: isFlatSwitch(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => {
    const full = path.join(e.parentPath, e.name);
    return e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

export function measureTree(dir: string): FunctionMeasure[] {
  return sourceFiles(dir).flatMap((f) => measureFile(f));
}

/** The functions over their limits (a flat name-mapping switch is exempt from the complexity limit). */
export function overLimits(all: readonly FunctionMeasure[]): FunctionMeasure[] {
  return all.filter((f) => {
    const limit = NAMED_LIMITS[f.name] ?? LIMITS;
    return f.lines > limit.lines || (f.complexity > limit.complexity && !f.flatSwitch);
  });
}

const row = (f: FunctionMeasure) => `${String(f.complexity).padStart(4)} ${String(f.lines).padStart(5)} ${String(f.span).padStart(5)}  ${f.name}  ${f.file}:${f.line}${f.flatSwitch ? '  (flat switch)' : ''}`;

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const all = measureTree('src/server');
  const topAt = process.argv.indexOf('--top');
  const list = topAt > 0 ? [...all].sort((a, b) => b.complexity - a.complexity).slice(0, Number(process.argv[topAt + 1] ?? 20)) : overLimits(all).sort((a, b) => b.complexity - a.complexity);
  console.log('  cc  own  span  function  where');
  for (const f of list) console.log(row(f));
  if (topAt < 0) {
    console.log(`${list.length} of ${all.length} functions over the limits (${LIMITS.lines} lines, complexity ${LIMITS.complexity}; runSync 80 and 15)`);
    process.exitCode = list.length > 0 ? 1 : 0;
  }
}
