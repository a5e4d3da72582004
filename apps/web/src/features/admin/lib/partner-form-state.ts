import {
  applyPartnerFormDefaults,
  type PartnerFormFile,
  type PartnerSettings,
  partnerSettingsFrom,
  type SectionName,
  TUTORIAL_STEP_COUNT,
} from '@portal/domain';
import type { PartnerDetails } from '../api/partners';

// The partner form's values are the domain's PartnerSettings: each section's campos under its name, its images
// under `arquivos.<section>`. These build the values a form opens with and change the image lists.

type Upload = { arquivo: string; name: string } | null;

/** The section's image of `tipoImagem` (a new upload or a stored one). */
export const findImage = (files: PartnerFormFile[] | undefined, tipoImagem: string) =>
  files?.find((file) => file.tipoImagem === tipoImagem);

/** Puts (or with null removes) the section's image of `tipoImagem`; the header's are identificador 1 and 2. */
export function withImage(
  files: PartnerFormFile[] | undefined,
  nome: SectionName,
  tipoImagem: string,
  upload: Upload,
): PartnerFormFile[] {
  const others = (files ?? []).filter((file) => file.tipoImagem !== tipoImagem);
  const identificador = nome === 'header' ? (tipoImagem === 'mobile' ? '2' : '1') : tipoImagem;
  return upload
    ? [...others, { identificador, tipoImagem, arquivo: upload.arquivo, adicionais: { name: upload.name } }]
    : others;
}

/**
 * Adds a logo to the partners strip (spec 002 §3: any number of them), replaces the one at `index`, or with null
 * removes it. New logos get an identificador no other logo of the section has, so the server keeps them apart.
 */
export function withPartnerLogo(
  logos: PartnerFormFile[] | undefined,
  index: number,
  upload: Upload,
): PartnerFormFile[] {
  const list = logos ?? [];
  const taken = new Set(list.map((file) => file.identificador));
  let number = list.length + 1;
  while (taken.has(`logo-${number}`)) number += 1;
  const added = upload && {
    identificador: list[index]?.identificador ?? `logo-${number}`,
    tipoImagem: 'logo',
    arquivo: upload.arquivo,
    adicionais: { name: upload.name },
  };
  if (!added) return list.filter((_, i) => i !== index);
  return index < list.length ? list.map((file, i) => (i === index ? added : file)) : [...list, added];
}

/** The source to preview an image: the new upload's data: URL or the stored file's URL. */
export const imageSource = (file: PartnerFormFile | undefined): string | undefined =>
  file?.arquivo || file?.url || undefined;

const emptySteps = () =>
  Array.from({ length: TUTORIAL_STEP_COUNT }, (_, code) => ({ code, title: '', text: '' }));

/** A new partner: empty identity and colours, the spec's default texts (spec 002 §3), four empty steps. */
export const newPartnerSettings = (): PartnerSettings =>
  partnerSettingsFrom(
    applyPartnerFormDefaults({
      nome: '',
      identificador: '',
      logo: '',
      estilo: { corPrimaria: '', corSecundaria: '' },
      loj_codigo: '',
      ativo: true,
      sessoes: [{ nome: 'tutorial', campos: { title: '', steps: emptySteps() }, arquivos: [] }],
    }),
  );

/** The stored partner as its form: the info answer goes back as it is (stored images by URL). */
export function partnerSettingsOf(details: PartnerDetails): PartnerSettings {
  const values = partnerSettingsFrom({ ...details, sessoes: details.sessoes });
  const steps = values.tutorial?.steps;
  return Array.isArray(steps) && steps.length > 0
    ? values
    : { ...values, tutorial: { ...values.tutorial, steps: emptySteps() } };
}
