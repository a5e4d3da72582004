import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

// Layers import downwards (contract -> services -> repositories -> db), and one service area never imports a
// sibling area that imports it back: a cycle makes the order modules load in matter and hides which area owns a rule.

const srcDir = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The server source files a file imports (type-only imports too: they tie the modules together all the same). */
function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => resolve(dirname(file), fileName.replace(/\.js$/, '')))
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
