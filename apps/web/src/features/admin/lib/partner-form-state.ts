import {
  applyPartnerFormDefaults,
  type PartnerForm,
  type PartnerFormFile,
  type PartnerFormSection,
  type SectionName,
  TUTORIAL_STEP_COUNT,
} from '@portal/domain';
import type { PartnerDetails } from '../api/partners';

// The partner form's state is the payload itself (PartnerForm). A field is named by a path, the same names the
// domain validation reports: 'nome', 'estilo.corPrimaria', 'capacidades.x', 'header.title',
// 'customization.myDebits.flgValorOriginal' (a section name first reads inside `sessoes`).

const SECTIONS: ReadonlySet<string> = new Set<SectionName>([
  'header',
  'about',
  'tutorial',
  'partners',
  'contact',
  'creditor',
  'logoForBackgroundWhite',
  'omniChannel',
  'customization',
]);

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readPath(tree: unknown, keys: readonly string[]): unknown {
  let node = tree;
  for (const key of keys) node = isTree(node) ? node[key] : undefined;
  return node;
}

function writePath(tree: Tree, keys: readonly string[], value: unknown): Tree {
  const [head, ...rest] = keys;
  if (head === undefined) return tree;
  return {
    ...tree,
    [head]: rest.length === 0 ? value : writePath(isTree(tree[head]) ? tree[head] : {}, rest, value),
  };
}

function section(form: PartnerForm, nome: SectionName): PartnerFormSection {
  return form.sessoes?.find((s) => s.nome === nome) ?? { nome, campos: {}, arquivos: [] };
}

function withSection(form: PartnerForm, next: PartnerFormSection): PartnerForm {
  const sessoes = form.sessoes ?? [];
  const found = sessoes.some((s) => s.nome === next.nome);
  return {
    ...form,
    sessoes: found ? sessoes.map((s) => (s.nome === next.nome ? next : s)) : [...sessoes, next],
  };
}

export function getField(form: PartnerForm, path: string): unknown {
  const [head, ...rest] = path.split('.');
  if (head && SECTIONS.has(head)) return readPath(section(form, head as SectionName).campos, rest);
  return readPath(form, path.split('.'));
}

export function setField(form: PartnerForm, path: string, value: unknown): PartnerForm {
  const [head, ...rest] = path.split('.');
  if (head && SECTIONS.has(head)) {
    const current = section(form, head as SectionName);
    return withSection(form, { ...current, campos: writePath(current.campos ?? {}, rest, value) });
  }
  return writePath(form as Tree, path.split('.'), value) as PartnerForm;
}

/** The section's image of `tipoImagem` (a new upload or a stored one). */
export function getImage(
  form: PartnerForm,
  nome: SectionName,
  tipoImagem: string,
): PartnerFormFile | undefined {
  return section(form, nome).arquivos?.find((file) => file.tipoImagem === tipoImagem);
}

/** Puts (or with null removes) the section's image of `tipoImagem`; the header's are identificador 1 and 2. */
export function setImage(
  form: PartnerForm,
  nome: SectionName,
  tipoImagem: string,
  upload: { arquivo: string; name: string } | null,
): PartnerForm {
  const current = section(form, nome);
  const others = (current.arquivos ?? []).filter((file) => file.tipoImagem !== tipoImagem);
  const identificador = nome === 'header' ? (tipoImagem === 'mobile' ? '2' : '1') : tipoImagem;
  const arquivos = upload
    ? [...others, { identificador, tipoImagem, arquivo: upload.arquivo, adicionais: { name: upload.name } }]
    : others;
  return withSection(form, { ...current, arquivos });
}

/** The "Parceiros" section's logos, in order (spec 002 §3: the landing page's partners strip, any number of them). */
export const partnerLogos = (form: PartnerForm): PartnerFormFile[] =>
  section(form, 'partners').arquivos ?? [];

/**
 * Adds a logo to the partners strip, replaces the one at `index`, or with null removes it. New logos get an
 * identificador no other logo of the section has, so the server keeps them apart.
 */
export function setPartnerLogo(
  form: PartnerForm,
  index: number,
  upload: { arquivo: string; name: string } | null,
): PartnerForm {
  const current = section(form, 'partners');
  const logos = current.arquivos ?? [];
  const taken = new Set(logos.map((file) => file.identificador));
  let number = logos.length + 1;
  while (taken.has(`logo-${number}`)) number += 1;
  const added = upload && {
    identificador: logos[index]?.identificador ?? `logo-${number}`,
    tipoImagem: 'logo',
    arquivo: upload.arquivo,
    adicionais: { name: upload.name },
  };
  const arquivos = added
    ? index < logos.length
      ? logos.map((file, i) => (i === index ? added : file))
      : [...logos, added]
    : logos.filter((_, i) => i !== index);
  return withSection(form, { ...current, arquivos });
}

/** The source to preview an image: the new upload's data: URL or the stored file's URL. */
export const imageSource = (file: PartnerFormFile | undefined): string | undefined =>
  file?.arquivo || file?.url || undefined;

const emptySteps = () =>
  Array.from({ length: TUTORIAL_STEP_COUNT }, (_, code) => ({ code, title: '', text: '' }));

/** A new partner: empty identity and colours, the spec's default texts (spec 002 §3), four empty steps. */
export function newPartnerForm(): PartnerForm {
  return applyPartnerFormDefaults({
    nome: '',
    identificador: '',
    logo: '',
    estilo: { corPrimaria: '', corSecundaria: '' },
    loj_codigo: '',
    ativo: true,
    sessoes: [{ nome: 'tutorial', campos: { title: '', steps: emptySteps() }, arquivos: [] }],
  });
}

/** The stored partner as its form: the info answer goes back as it is (stored images by URL). */
export function partnerFormFrom(details: PartnerDetails): PartnerForm {
  const form: PartnerForm = { ...details, sessoes: details.sessoes.map((s) => ({ ...s })) };
  const steps = getField(form, 'tutorial.steps');
  return Array.isArray(steps) && steps.length > 0 ? form : setField(form, 'tutorial.steps', emptySteps());
}

function blank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(blank);
  if (isTree(value)) return Object.entries(value).every(([key, inner]) => key === 'code' || blank(inner));
  return false;
}

/**
 * A new partner's payload: sections left entirely empty (an untouched About, the four empty tutorial steps) are not
 * sent, so the portal does not show empty sections. (On update an empty section is sent: that is how it is cleared.)
 */
export function withoutEmptySections(form: PartnerForm): PartnerForm {
  return {
    ...form,
    sessoes: (form.sessoes ?? []).filter((s) => (s.arquivos ?? []).length > 0 || !blank(s.campos ?? {})),
  };
}
