// Vitest setup for every test file: the web app's component tests (happy-dom) wait up to 5 s for what they look for
// (Testing Library's default is 1 s), since CI's two cores are shared with the PostgreSQL suite and the browser.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
