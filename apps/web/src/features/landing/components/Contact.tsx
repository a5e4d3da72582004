import {
  mask0800,
  maskPhone,
  onlyDigits,
  type PartnerConfig,
  type PartnerSection,
  type SectionFieldsByName,
  STEP_CODES,
  sectionFile,
} from '@portal/domain';
import { type ReactNode, Suspense, useRef } from 'react';
import { Icon, type IconName } from '../../../components/ui/Icon';
import { logStep } from '../../../lib/analytics';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { useNearViewport } from '../../../lib/near-viewport';
import { externalUrl, paragraphs, phoneUrl, telegramUrl, whatsappUrl } from '../lib/links';
import { SectionImage } from './SectionImage';

type ContactFields = SectionFieldsByName['contact'];

// Below the fold: the form and its libraries (react-hook-form, zod, TanStack Query) load when the person scrolls
// towards the section, not with the landing page (decision 018).
const ContactForm = lazyWithRetry(() => import('./ContactForm'));

/** Spec 000 §9: 'Segunda a Sexta' plus an optional Saturday line. */
export function businessHours(fields: ContactFields): string[] {
  const lines: string[] = [];
  if (fields.initialTime && fields.finalTime)
    lines.push(`Segunda a Sexta: ${fields.initialTime} às ${fields.finalTime}`);
  if (fields.initialTimeWeekend && fields.finalTimeWeekend) {
    lines.push(`Sábado: ${fields.initialTimeWeekend} às ${fields.finalTimeWeekend}`);
  }
  return lines;
}

function Detail({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <li className="contact__item">
      <Icon name={icon} />
      <div>
        <span className="contact__label">{label}</span>
        <div className="contact__value">{children}</div>
      </div>
    </li>
  );
}

interface Social {
  name: string;
  icon: IconName;
  url: string | null;
  step: number;
}

export function Contact({
  config,
  section,
}: {
  config: PartnerConfig;
  section: PartnerSection<SectionFieldsByName['contact']>;
}) {
  const fields = section.campos;
  const sectionRef = useRef<HTMLElement>(null);
  const formNeeded = useNearViewport(sectionRef);
  const image = sectionFile(section, 'image');
  const whatsapp = whatsappUrl(fields.whatsapp);
  const site = externalUrl(fields.site);
  const hours = businessHours(fields);
  const logWhatsapp = () => logStep(config, STEP_CODES.whatsapp, 'Clicou no WhatsApp');

  const socials: Social[] = [
    { name: 'WhatsApp', icon: 'whatsapp', url: whatsapp, step: STEP_CODES.whatsapp },
    { name: 'Telegram', icon: 'telegram', url: telegramUrl(fields.telegram), step: STEP_CODES.telegram },
    { name: 'Facebook', icon: 'facebook', url: externalUrl(fields.url_facebook), step: STEP_CODES.facebook },
    {
      name: 'Instagram',
      icon: 'instagram',
      url: externalUrl(fields.url_instagram),
      step: STEP_CODES.instagram,
    },
    { name: 'LinkedIn', icon: 'linkedin', url: externalUrl(fields.linkedin), step: STEP_CODES.linkedin },
  ];
  const visibleSocials = socials.filter((social) => social.url);

  return (
    <section ref={sectionRef} id="contato" className="section contact" aria-labelledby="contato-title">
      <div className="container contact__inner">
        <div className="contact__details">
          <h2 id="contato-title" className="section__title">
            Contato
          </h2>
          <SectionImage file={image} className="contact__img" />
          <ul className="contact__list">
            {fields.phone && (
              <Detail icon="phone" label="Telefone">
                <a href={phoneUrl(fields.phone)}>{maskPhone(fields.phone)}</a>
              </Detail>
            )}
            {fields.phoneZeroEightHundred && (
              <Detail icon="phone" label="Ligação gratuita">
                <a href={`tel:${onlyDigits(fields.phoneZeroEightHundred)}`}>
                  {mask0800(fields.phoneZeroEightHundred)}
                </a>
              </Detail>
            )}
            {fields.whatsapp && whatsapp && (
              <Detail icon="whatsapp" label="WhatsApp">
                <a href={whatsapp} target="_blank" rel="noopener noreferrer" onClick={logWhatsapp}>
                  {maskPhone(fields.whatsapp)}
                  <span className="sr-only"> (abre em nova aba)</span>
                </a>
              </Detail>
            )}
            {fields.email && (
              <Detail icon="mail" label="E-mail">
                <a href={`mailto:${fields.email.trim()}`}>{fields.email.trim()}</a>
              </Detail>
            )}
            {site && fields.site && (
              <Detail icon="globe" label="Site">
                <a href={site} target="_blank" rel="noopener noreferrer">
                  {fields.site.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
                  <span className="sr-only"> (abre em nova aba)</span>
                </a>
              </Detail>
            )}
            {fields.address && (
              <Detail icon="pin" label="Endereço">
                {paragraphs(fields.address).map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </Detail>
            )}
            {hours.length > 0 && (
              <Detail icon="clock" label="Horário de atendimento">
                {hours.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </Detail>
            )}
            {fields.dadosEmpresa && (
              <Detail icon="building" label="Dados da empresa">
                {paragraphs(fields.dadosEmpresa).map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </Detail>
            )}
          </ul>
          {visibleSocials.length > 0 && (
            <ul className="social" aria-label="Redes sociais">
              {visibleSocials.map((social) => (
                <li key={social.name}>
                  <a
                    className="social__link"
                    href={social.url!}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${social.name} (abre em nova aba)`}
                    onClick={() => logStep(config, social.step, `Clicou no ${social.name}`)}
                  >
                    <Icon name={social.icon} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {/* The slot keeps the form's room, so the form arriving does not move the page under the reader. */}
        <div className="contact__form-slot">
          {formNeeded && (
            <Suspense fallback={null}>
              <ContactForm partnerName={config.nome} />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
