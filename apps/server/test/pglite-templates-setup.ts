import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

// Vitest global setup: one empty folder per run, so that no template outlives the code that made it.
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pglite-templates-'));
  project.provide('pgliteTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
