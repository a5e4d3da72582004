// Starts the app's entry script once the browser has painted the landing page's header image (when the page has
// one), so the server-rendered first screen paints without waiting for the script (decision 006). The entry is
// one file: it imports nothing statically (vite.config.ts). A hidden tab draws no frames and a stalled image never
// decodes: the timer starts it anyway. The build puts it inline at the end of the body (vite.config.ts), with the
// entry in its data attribute; it must not contain a closing tag.
(() => {
  const boot = document.currentScript;
  const entry = boot?.getAttribute('data-entry');
  let started = false;
  const start = () => {
    if (started || !entry) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  };
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  // Once a paint entry the page is waiting for is reported: a requestAnimationFrame callback runs before its frame
  // is drawn, and on a busy device the frame reached the screen after the entry's first scripts had arrived, which
  // Lighthouse then counts before the page's largest paint. Paint entries come after their frame.
  const afterPaintEntry = (type, isIt) => {
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes(type)) return false;
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some(isIt)) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type, buffered: true });
    return true;
  };
  // The header image carries elementtiming="hero" (Hero.tsx): Chrome reports its paint whatever its size. A broken
  // image is never painted, so its failure starts the entry too.
  const hero = document.querySelector('img.hero__img');
  if (hero) {
    if (afterPaintEntry('element', (e) => e.identifier === 'hero')) hero.decode().catch(afterNextFrame);
    else hero.decode().then(afterNextFrame, afterNextFrame);
  } else if (!afterPaintEntry('paint', (e) => e.name === 'first-contentful-paint')) afterNextFrame();
  setTimeout(start, 3000);
})();
