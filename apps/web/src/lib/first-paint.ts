// On a slow connection, everything that downloads while the header image (the LCP element) loads competes with
// it for bandwidth. Below-the-fold sections, the visit log and the company token therefore wait until the hero
// is on screen (or a short time-out when a page has no hero).

let markReady: () => void = () => {};
const heroReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** The page's main content (the hero image, or the page itself when it has none) is painted. */
export function markHeroPainted(): void {
  // One more frame so the image is actually drawn before other work starts.
  requestAnimationFrame(() => markReady());
}

/** Resolves once the hero is painted, or after `maxWaitMs` whatever happens. */
export function afterHeroPainted(maxWaitMs = 2500): Promise<void> {
  return Promise.race([heroReady, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}
