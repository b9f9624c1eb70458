import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 18 item 7, the contract once: every answer the web app reads has its zod schema in src/core/api, which the
// route validates with, and the web app names its z.infer type. This test reads every call to the server in
// src/web (api.get/post/put/patch/del/upload<T>, the portal page's sendJson<T> and `(await res.json()) as T`) and
// follows T through the imports and re-exports to a file of src/core/api. A shape written out in src/web fails.
const root = fileURLToPath(new URL('../..', import.meta.url));
const webDir = join(root, 'src/web');

// Answers that are not ours to declare, each with its reason. Keyed by file and the type as written.
const allowed: Record<string, string> = {
  'src/web/features/auth/api/use-social-sign-in.ts SocialSignInAnswer': "better-auth's own /api/auth/sign-in/social, no route schema of ours",
  'src/web/features/admin/api/admin-session.ts { totpURI: string; backupCodes: string[] }': "better-auth's own /api/auth/two-factor/enable",
  'src/web/portal/api.ts { error?: { code?: string; message?: string } }': 'any error body, read defensively (it may not be ours)',
};

const apiMethods = new Set(['get', 'post', 'put', 'patch', 'del', 'upload']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let sf = parsed.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    parsed.set(file, sf);
  }
  return sf;
}

/** 'core' for a module of src/core/api, the file of a web module, or null for anything else (a package, other core). */
function moduleOf(from: string, specifier: string): 'core' | string | null {
  if (specifier.startsWith('@core/api/')) return 'core';
  const base = specifier.startsWith('@web/') ? join(webDir, specifier.slice(5)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return null;
}

/** True when the type named `name` in `file` comes, through imports, re-exports and plain aliases, from src/core/api. */
function fromCore(file: string, name: string, seen = new Set<string>()): boolean {
  const key = `${file}#${name}`;
  if (seen.has(key)) return false;
  seen.add(key);
  for (const stmt of parse(file).statements) {
    if (ts.isImportDeclaration(stmt) && stmt.importClause && ts.isStringLiteral(stmt.moduleSpecifier)) {
      const bindings = stmt.importClause.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const el = bindings.elements.find((e) => e.name.text === name);
      if (el) return followed(file, stmt.moduleSpecifier.text, (el.propertyName ?? el.name).text, seen);
    }
    if (ts.isExportDeclaration(stmt) && stmt.exportClause && ts.isNamedExports(stmt.exportClause)) {
      const el = stmt.exportClause.elements.find((e) => e.name.text === name);
      if (!el) continue;
      const original = (el.propertyName ?? el.name).text;
      if (stmt.moduleSpecifier && ts.isStringLiteral(stmt.moduleSpecifier)) return followed(file, stmt.moduleSpecifier.text, original, seen);
      if (original !== name) return fromCore(file, original, seen);
    }
    if (ts.isTypeAliasDeclaration(stmt) && stmt.name.text === name) {
      return ts.isTypeReferenceNode(stmt.type) && ts.isIdentifier(stmt.type.typeName) && fromCore(file, stmt.type.typeName.text, seen);
    }
    if (ts.isInterfaceDeclaration(stmt) && stmt.name.text === name) return false;
  }
  return false;
}

function followed(file: string, specifier: string, name: string, seen: Set<string>): boolean {
  const target = moduleOf(file, specifier);
  return target === 'core' || (target !== null && fromCore(target, name, seen));
}

interface Read {
  at: string;
  type: ts.TypeNode | undefined;
}

/** Every place a file reads an answer of the server, with the type it gives it. */
function answerReads(sf: ts.SourceFile): Read[] {
  const reads: Read[] = [];
  const at = (node: ts.Node) => `${relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const typeParams = new Set<string>();
  const visit = (node: ts.Node) => {
    if ((ts.isFunctionDeclaration(node) || ts.isArrowFunction(node)) && node.typeParameters) node.typeParameters.forEach((p) => typeParams.add(p.name.text));
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isApi = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'api' && apiMethods.has(callee.name.text);
      const isSendJson = ts.isIdentifier(callee) && callee.text === 'sendJson';
      if (isApi || isSendJson) reads.push({ at: at(node), type: node.typeArguments?.[0] });
    }
    if (ts.isAsExpression(node) && /\.json\(\)\s*\)?$/.test(node.expression.getText(sf))) {
      const isParam = ts.isTypeReferenceNode(node.type) && ts.isIdentifier(node.type.typeName) && typeParams.has(node.type.typeName.text);
      if (!isParam) reads.push({ at: at(node), type: node.type });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return reads;
}

/** Why a read breaks the contract, or null when its type is one of core/api's (or unknown/null: an answer not read). */
function problem(file: string, read: Read): string | null {
  const { type } = read;
  if (!type) return 'no answer type given';
  if (type.kind === ts.SyntaxKind.UnknownKeyword || (ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword)) return null;
  const written = type.getText();
  if (allowed[`${relative(root, file)} ${written}`]) return null;
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && !type.typeArguments && fromCore(file, type.typeName.text)) return null;
  return `${written} is not a type of src/core/api`;
}

describe('the web app reads answers by the schemas of src/core/api', () => {
  const files = sourceFiles(webDir);
  const reads = files.flatMap((file) => answerReads(parse(file)).map((read) => ({ file, read })));

  it('finds the calls it checks', () => {
    expect(reads.length).toBeGreaterThan(80);
  });

  it('names every answer by a type inferred from a schema in src/core/api', () => {
    const problems = reads.flatMap(({ file, read }) => {
      const why = problem(file, read);
      return why ? [`${read.at}: ${why}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('declares no interface in the api folders of src/web/features but for what the app sends', () => {
    const apiFiles = files.filter((f) => /src\/web\/features\/[^/]+\/api\//.test(f));
    const declared = apiFiles.flatMap((file) =>
      parse(file)
        .statements.filter((s): s is ts.InterfaceDeclaration | ts.TypeAliasDeclaration => ts.isInterfaceDeclaration(s) || (ts.isTypeAliasDeclaration(s) && ts.isTypeLiteralNode(s.type)))
        .map((s) => s.name.text),
    );
    // What the app sends (inputs, filters, drafts) is the web app's own; an answer would be named otherwise.
    expect(declared.filter((name) => !/(Input|Filter|Request|Draft|Changes)$/.test(name))).toEqual(['SocialSignInAnswer']);
  });

  it('keeps each allowed exception in use', () => {
    const used = new Set(reads.map(({ file, read }) => `${relative(root, file)} ${read.type?.getText() ?? ''}`));
    expect(Object.keys(allowed).filter((k) => !used.has(k))).toEqual([]);
  });
});
