import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadPartnerConfig } from './lib/partner';
import './styles.css';

// Ask for the partner configuration before React renders: the browser reuses the <link rel="preload"> the
// server put in index.html, so the header image can start loading as early as possible.
loadPartnerConfig().catch(() => {
  // PartnerGate shows the failure.
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
