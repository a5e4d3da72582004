import type { ReactNode } from 'react';
import { CookieBanner } from './CookieBanner';

/** What every page has around its content: the skip link first, the cookie banner last. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      {children}
      <CookieBanner />
    </>
  );
}
