import { findSection, sectionFile } from '@portal/domain';
import type { ReactNode } from 'react';
import { PageLink } from '../../app/page-navigation';
import { usePartner } from '../../lib/partner';

/** The branded top bar: the partner logo (a link home) and, on the landing page, its menu. */
export function PageHeader({ children }: { children?: ReactNode }) {
  const partner = usePartner();
  // The bar is white: prefer the logo made for a white background.
  const logo = sectionFile(findSection(partner, 'logoForBackgroundWhite'), 'logo')?.url ?? partner.logo;
  return (
    <header className="topbar">
      <div className="topbar__inner container">
        <PageLink to="/" className="topbar__brand">
          {logo ? (
            <img className="topbar__logo" src={logo} alt={`${partner.nome}: página inicial`} height={48} />
          ) : (
            <span className="topbar__name">{partner.nome}</span>
          )}
        </PageLink>
        {children}
      </div>
    </header>
  );
}
