import type { LegalSection } from '@portal/domain';
import './legal-sections.css';

/** A legal text of packages/domain (terms of use, privacy policy): numbered sections of paragraphs. */
export function LegalSections({ sections }: { sections: LegalSection[] }) {
  return sections.map((section) => (
    <section key={section.titulo} className="legal__section">
      <h3>{section.titulo}</h3>
      {section.paragrafos.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  ));
}
