import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadPartnerConfig } from './lib/partner';
import { captureServerRenderedInput } from './lib/prerendered';
import './styles.css';

// Ask for the partner configuration before React renders: the browser reuses the <link rel="preload"> the
// server put in index.html, so the header image can start loading as early as possible.
loadPartnerConfig().catch(() => {
  // PartnerGate shows the failure.
});

const root = document.getElementById('root')!;
// Server markup is anything but index.html's own loading text: the landing page's first screen, or a debtor
// page's loading text and cookie banner (entry-server.tsx).
const serverRendered = root.querySelector(':scope > .boot') === null;
const landing = root.querySelector('.landing') !== null;
const app = (
  <StrictMode>
    <App deferRoutes={serverRendered && !landing} />
  </StrictMode>
);

// Over server markup, hydrate once the configuration is here (it usually is: it was preloaded), so React adopts
// the painted page instead of replacing it. Otherwise render from scratch.
if (serverRendered) {
  // What was typed into the painted search box is read at the moment React takes over: from then on React sees
  // every keystroke (it hydrates at once on input), before then only the DOM does.
  const hydrate = () => {
    captureServerRenderedInput(root);
    hydrateRoot(root, app);
  };
  loadPartnerConfig().then(hydrate, hydrate);
} else {
  createRoot(root).render(app);
}
