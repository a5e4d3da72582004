import {
  type PartnerConfig,
  type PartnerSection,
  type SectionFieldsByName,
  sectionFile,
} from '@portal/domain';
import { paragraphs } from '../lib/links';
import { SectionImage } from './SectionImage';

export function About({
  section,
}: {
  config: PartnerConfig;
  section: PartnerSection<SectionFieldsByName['about']>;
}) {
  const image = sectionFile(section, 'image');
  return (
    <section id="sobre" className="section about" aria-labelledby="sobre-title">
      <div className="container about__inner">
        <div className="about__text">
          <h2 id="sobre-title" className="section__title">
            {section.campos.title || 'Sobre nós'}
          </h2>
          {paragraphs(section.campos.text).map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static paragraphs of one text
            <p key={index}>{line}</p>
          ))}
        </div>
        <SectionImage file={image} className="about__img" />
      </div>
    </section>
  );
}
