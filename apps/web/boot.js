// Starts the app's entry script once the browser has drawn a frame with the landing page's header image (when the page
// has one), so the server-rendered first screen paints without waiting for the script (decision 006). The entry is
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
  // Without a header image, once the first contentful paint is on screen: a requestAnimationFrame callback runs
  // before its frame is drawn, and on a busy device the frame reached the screen after the entry's first scripts had
  // arrived, which Lighthouse then counts before the page's largest paint. The paint entry comes after the frame.
  const afterFirstPaint = () => {
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return afterNextFrame();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  };
  const hero = document.querySelector('img.hero__img');
  if (hero) hero.decode().then(afterNextFrame, afterNextFrame);
  else afterFirstPaint();
  setTimeout(start, 3000);
})();
