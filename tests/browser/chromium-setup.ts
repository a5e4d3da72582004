import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

// The flags this machine's Chromium runs with (the team guide): no sandbox, GPU, or background traffic.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// Vitest global setup: one Chromium for the whole browser run; each file connects to it (connectChromium) and closes
// only its own contexts.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
