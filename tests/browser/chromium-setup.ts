import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

// Vitest global setup: one Chromium for the whole browser run; each file connects to it (connectChromium) and closes
// only its own contexts.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
