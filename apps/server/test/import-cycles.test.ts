import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

// Layers import downwards (contract -> services -> repositories -> db), and one service area never imports a
// sibling area that imports it back: a cycle makes the order modules load in matter and hides which area owns a rule.
// Services and the contract reach the database only through repositories (decision 017): from db/ they take the Db
// handle type alone, so they cannot build a query, and a debtor query cannot skip the scope the repositories require.

const srcDir = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** What a file imports, as written (type-only imports too: they tie the modules together all the same). */
function specifiersOf(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map(({ fileName }) => fileName);
}

/** The server source files a file imports. */
function importsOf(file: string, known: Set<string>): string[] {
  return specifiersOf(file)
    .filter((fileName) => fileName.startsWith('.'))
    .map((fileName) => resolve(dirname(file), fileName.replace(/\.js$/, '')))
    .flatMap((base) =>
      [base, `${base}.ts`, join(base, 'index.ts')].filter((path) => known.has(path)).slice(0, 1),
    );
}

/** Every cycle of the graph, found by a depth-first walk: one list of files per back edge. */
function importCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

function serverImports(): Map<string, string[]> {
  const files = sourceFiles(srcDir);
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      relative(srcDir, file),
      importsOf(file, known).map((path) => relative(srcDir, path)),
    ]),
  );
}

it('reads the imports of the server files and finds a cycle where there is one', () => {
  const graph = serverImports();
  expect(graph.get('contract/debtor-scope.ts')).toContain('repositories/debt-snapshot.ts');
  expect(
    importCycles(
      new Map([
        ['a', ['b']],
        ['b', ['c']],
        ['c', ['b']],
      ]),
    ),
  ).toEqual([['b', 'c', 'b']]);
});

it('has no import cycle between server source files', () => {
  expect(importCycles(serverImports())).toEqual([]);
});

// The query builder, the drivers, and every db/ module but the handle's type (the schema's tables, constraint names).
const DATABASE_PACKAGES = /^(drizzle-orm|pg|pg-copy-streams|@electric-sql\/pglite)(\/|$)/;

/** What `file` imports that only a repository may: database packages and db/ modules other than db/client. */
function databaseImportsOf(file: string): string[] {
  return specifiersOf(file).filter((specifier) => {
    if (DATABASE_PACKAGES.test(specifier)) return true;
    if (!specifier.startsWith('.')) return false;
    const target = relative(srcDir, resolve(dirname(file), specifier.replace(/\.js$/, '')));
    return target.startsWith(`db${sep}`) && target !== join('db', 'client');
  });
}

it('finds the database imports of a file', () => {
  expect(databaseImportsOf(join(srcDir, 'repositories', 'agreement-repository.ts'))).toEqual([
    'drizzle-orm',
    '../db/schema',
    '../db/unique-violation',
  ]);
  expect(databaseImportsOf(join(srcDir, 'services', 'debts', 'save-agreement.ts'))).toEqual([]);
});

it('has no service or contract file that imports the query builder, a driver or the schema', () => {
  const files = ['services', 'contract'].flatMap((layer) => sourceFiles(join(srcDir, layer)));
  expect(files.length).toBeGreaterThan(80);
  const offending = files
    .map((file) => [relative(srcDir, file), databaseImportsOf(file)] as const)
    .filter(([, imports]) => imports.length > 0);
  expect(offending).toEqual([]);
});
