// The system Chromium the browser tests and bench:web run (the team guide: never a downloaded browser), and the
// flags it runs with on this kind of machine: headless, no sandbox, GPU or background traffic.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
