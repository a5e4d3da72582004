// The server renders the landing page's first screen into #root so it paints before the script runs
// (entry-server.tsx). Whatever the person typed into that screen's search box meanwhile is carried over.

let typed = '';
let focused = false;

/** Reads the server-rendered search box before React replaces it. */
export function captureServerRenderedInput(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('.search__input');
  typed = input?.value ?? '';
  focused = input !== null && document.activeElement === input;
}

/** The value typed before the app started (once), and whether the box had the focus. */
export function takeServerRenderedInput(): { value: string; focused: boolean } {
  const result = { value: typed, focused };
  typed = '';
  focused = false;
  return result;
}
