import type { PartnerSection, SectionFieldsByName } from '@portal/domain';
import { paragraphs } from '../lib/links';

export function Partners({ section }: { section: PartnerSection<SectionFieldsByName['partners']> }) {
  const logos = section.arquivos.filter((file) => file.tipoImagem === 'logo');
  return (
    <section className="section partners" aria-labelledby="parceiros-title">
      <div className="container">
        <h2 id="parceiros-title" className="section__title">
          Empresas parceiras
        </h2>
        {paragraphs(section.campos.text).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static paragraphs of one text
          <p key={index} className="partners__text">
            {line}
          </p>
        ))}
        {logos.length > 0 && (
          <ul className="partners__logos">
            {logos.map((logo, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a static list; the same logo may repeat
              <li key={`${logo.url}-${index}`}>
                <img
                  src={logo.url}
                  width={logo.width}
                  height={logo.height}
                  alt={logo.adicionais?.name?.trim() || `Empresa parceira ${index + 1}`}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
