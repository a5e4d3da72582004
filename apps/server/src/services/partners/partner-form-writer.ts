import { randomBytes } from 'node:crypto';
import {
  applyPartnerFormDefaults,
  normalizeSubdomain,
  type PartnerConfig,
  type PartnerForm,
  type PartnerFormFile,
  type PartnerFormMode,
  type PartnerFormSection,
  parseStoreCodes,
  type SectionName,
  subdomainChangeRule,
  validatePartnerForm,
  withoutBlankTutorialSteps,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  existingStoreIds,
  type PartnerRows,
  partnerConflicts,
  type SectionWrite,
  storedFiles,
} from '../../repositories/partner-admin-repository';
import type { PartnerRow } from '../../repositories/partner-repository';
import { checkImage, decodeBase64Image, type ImageLocation } from '../files/check-image';
import { type ImageProfile, storeImage } from '../files/store-image';

// What create-partner and update-partner share: the form checked in the spec's order, images checked and stored,
// the rows to write. Not a use case of its own.

export type PartnerWrite = PartnerRows;

export interface CurrentPartner {
  row: PartnerRow;
  config: PartnerConfig;
  /** The hosts PARTNER_HOSTS pins to partners: a partner one of them serves keeps its subdomain (decision 087). */
  fixedHosts: Readonly<Record<string, string>>;
}

// A stored image named by its URL (/files/<sha256>.<ext>, possibly absolute) or by its sha256 alone.
const FILE_REFERENCE = /^(?:.*\/files\/)?([0-9a-f]{64})(?:\.[a-z0-9]{2,5})?$/;

const storedFile = (file: PartnerConfig['sessoes'][number]['arquivos'][number]): PartnerFormFile => ({
  identificador: file.identificador,
  tipoImagem: file.tipoImagem,
  url: file.url,
  adicionais: { name: file.adicionais.name },
});

/** An update's form as it will be: what it leaves out stays as stored (so the rules see the logo that stays). */
function withCurrent(form: PartnerForm, { config, row }: CurrentPartner): PartnerForm {
  const sent = new Set((form.sessoes ?? []).map((s) => s.nome));
  const sessoes: PartnerFormSection[] = (form.sessoes ?? []).map((section) => {
    const stored = config.sessoes.find((s) => s.nome === section.nome);
    return section.arquivos === undefined
      ? { ...section, arquivos: stored?.arquivos.map(storedFile) ?? [] }
      : section;
  });
  for (const stored of config.sessoes) {
    if (!sent.has(stored.nome)) sessoes.push({ ...stored, arquivos: stored.arquivos.map(storedFile) });
  }
  const keep = <K extends keyof PartnerForm>(key: K, current: PartnerForm[K]) =>
    form[key] === undefined ? current : form[key];
  return {
    ...form,
    nome: keep('nome', config.nome),
    identificador: keep('identificador', config.identificador),
    emp_codigo: keep('emp_codigo', config.emp_codigo),
    logo: keep('logo', config.logo),
    favicon: keep('favicon', config.favicon),
    hotjar_id: keep('hotjar_id', config.hotjar_id),
    pixel_meta: keep('pixel_meta', config.pixel_meta),
    loj_codigo: keep('loj_codigo', config.loj_codigo),
    loj_codigo_nao_negocia: keep('loj_codigo_nao_negocia', config.loj_codigo_nao_negocia),
    estilo: keep('estilo', config.estilo),
    creditorAccessUrl: keep('creditorAccessUrl', config.creditorAccessUrl),
    ativo: keep('ativo', row.companyToken !== null),
    captcha: { ...config.captcha, ...form.captcha },
    capacidades: keep('capacidades', config.capacidades),
    sessoes,
  };
}

function profileOf(section: SectionName, file: PartnerFormFile): ImageProfile {
  if (section === 'header') return file.tipoImagem === 'mobile' ? 'headerMobile' : 'headerDesktop';
  if (section === 'partners') return 'partnerLogo';
  if (section === 'logoForBackgroundWhite') return 'logo';
  return 'section';
}

/** Spec 002 §3: header images are desktop (identificador 1) and mobile (2) when the type is not given. */
function imageType(section: SectionName, file: PartnerFormFile): string {
  if (file.tipoImagem) return file.tipoImagem;
  if (section === 'header') return file.identificador === '2' ? 'mobile' : 'desktop';
  return section === 'partners' || section === 'logoForBackgroundWhite' ? 'logo' : 'image';
}

/** A stored image for a reference or a base64 upload, checked by content and size first. */
async function resolveImage(
  db: Db,
  input: { arquivo?: string | null; url?: string | null; id?: string | null },
  profile: ImageProfile,
  where: ImageLocation,
): Promise<{ sha256: string; extension: string }> {
  const reference = FILE_REFERENCE.exec((input.id || input.url || '').trim())?.[1];
  if (!input.arquivo) {
    const extension = reference ? (await storedFiles(db, [reference])).get(reference) : undefined;
    if (!reference || !extension) throw new AppError('IMAGE_NOT_FOUND', where);
    return { sha256: reference, extension };
  }
  const bytes = decodeBase64Image(input.arquivo, where);
  checkImage(bytes, where);
  try {
    return await storeImage(db, bytes, profile, where.arquivo);
  } catch (error) {
    // A file with an image signature that does not decode (truncated, corrupt).
    if (error instanceof AppError) throw error;
    throw new AppError('IMAGE_NOT_AN_IMAGE', where);
  }
}

/** The logo or favicon field: a stored image's URL or id, or a base64 upload. */
function imageField(value: string): { arquivo?: string; url?: string } {
  return FILE_REFERENCE.test(value.trim()) ? { url: value } : { arquivo: value };
}

async function sectionWrites(db: Db, form: PartnerForm, sent: Set<SectionName>): Promise<SectionWrite[]> {
  const writes: SectionWrite[] = [];
  for (const section of form.sessoes ?? []) {
    if (!sent.has(section.nome)) continue;
    const files = [];
    for (const [index, file] of (section.arquivos ?? []).entries()) {
      const name = file.adicionais?.name ?? '';
      const where = { campo: `${section.nome}.arquivos.${index}`, ...(name ? { arquivo: name } : {}) };
      const type = imageType(section.nome, file);
      const stored = await resolveImage(
        db,
        file,
        profileOf(section.nome, { ...file, tipoImagem: type }),
        where,
      );
      files.push({
        identifier: file.identificador || `${section.nome}-${index + 1}`,
        imageType: type,
        sha256: stored.sha256,
        name,
      });
    }
    writes.push({
      name: section.nome,
      fields:
        section.nome === 'tutorial'
          ? withoutBlankTutorialSteps(section.campos ?? {})
          : (section.campos ?? {}),
      files: section.arquivos === undefined ? null : files,
    });
  }
  return writes;
}

async function storeLinks(db: Db, form: PartnerForm): Promise<PartnerWrite['storeLinks']> {
  const negotiates = parseStoreCodes(form.loj_codigo) ?? [];
  const boletoOnly = parseStoreCodes(form.loj_codigo_nao_negocia) ?? [];
  const known = await existingStoreIds(db, [...negotiates, ...boletoOnly]);
  for (const [campo, codes] of [
    ['loj_codigo', negotiates],
    ['loj_codigo_nao_negocia', boletoOnly],
  ] as const) {
    const missing = codes.filter((code) => !known.has(code));
    if (missing.length > 0) throw new AppError('PARTNER_STORE_NOT_FOUND', { campo, lojas: missing });
  }
  return [
    ...negotiates.map((storeId) => ({ storeId, negotiates: true })),
    ...boletoOnly.map((storeId) => ({ storeId, negotiates: false })),
  ];
}

const SUBDOMAIN_RULE_ERRORS = {
  defaultPartner: 'PARTNER_DEFAULT_SUBDOMAIN',
  fixedHost: 'PARTNER_FIXED_HOST_SUBDOMAIN',
  reserved: 'PARTNER_SUBDOMAIN_RESERVED',
} as const;

// A name another partner has now, or had before a rename (decision 087).
const TAKEN_ERRORS = {
  live: { identifier: 'PARTNER_SUBDOMAIN_TAKEN', companyCode: 'PARTNER_COMPANY_TAKEN' },
  former: { identifier: 'PARTNER_SUBDOMAIN_USED', companyCode: 'PARTNER_COMPANY_USED' },
} as const;

/**
 * Checks a partner form (spec 002 §5, in order) and turns it into the rows to write: a new partner gets the form
 * defaults (§3), an update keeps whatever the form leaves out. Images are checked and stored last, once the form is
 * known to be valid. Throws the typed error of the first problem.
 */
export async function preparePartnerWrite(
  db: Db,
  form: PartnerForm,
  mode: PartnerFormMode,
  current: CurrentPartner | null,
): Promise<PartnerWrite> {
  const effective = current ? withCurrent(form, current) : form;
  const broken = validatePartnerForm(effective, mode);
  if (broken) throw new AppError(`PARTNER_FORM_${broken.rule}`, { campo: broken.field });
  const complete = mode === 'create' ? applyPartnerFormDefaults(effective) : effective;

  const identifier = normalizeSubdomain(complete.identificador);
  const companyCode = complete.emp_codigo!;
  const rule = subdomainChangeRule(current?.row.identifier ?? null, identifier, current?.fixedHosts);
  if (rule) throw new AppError(SUBDOMAIN_RULE_ERRORS[rule], { campo: 'identificador' });
  const taken = await partnerConflicts(db, identifier, companyCode, current?.row.id ?? null);
  if (taken.identifier)
    throw new AppError(TAKEN_ERRORS[taken.identifier].identifier, { campo: 'identificador' });
  if (taken.companyCode)
    throw new AppError(TAKEN_ERRORS[taken.companyCode].companyCode, { campo: 'emp_codigo' });

  const storesSent =
    mode === 'create' || form.loj_codigo !== undefined || form.loj_codigo_nao_negocia !== undefined;
  const links = storesSent ? await storeLinks(db, complete) : null;

  const logo = await resolveImage(db, imageField(complete.logo!), 'logo', { campo: 'logo' });
  const favicon = complete.favicon
    ? await resolveImage(db, imageField(complete.favicon), 'favicon', { campo: 'favicon' })
    : null;
  // A new partner writes every section (with its defaults); an update only those it sent.
  const sent = new Set((mode === 'create' ? complete.sessoes : form.sessoes)?.map((s) => s.nome));
  const sections = await sectionWrites(db, complete, sent);

  const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  const active = complete.ativo !== false;
  return {
    values: {
      identifier,
      name: complete.nome!.trim(),
      companyCode,
      logoFile: logo.sha256,
      logoType: logo.extension,
      faviconFile: favicon?.sha256 ?? null,
      style: {
        corPrimaria: complete.estilo!.corPrimaria!.trim(),
        corSecundaria: complete.estilo!.corSecundaria!.trim(),
      },
      metaPixelId: text(complete.pixel_meta),
      hotjarId: text(complete.hotjar_id),
      creditorAccessUrl: text(complete.creditorAccessUrl),
      // The portal works while it has a company token (retornarTokenEmpresa); switching it off drops the token.
      companyToken: active ? (current?.row.companyToken ?? randomBytes(24).toString('hex')) : null,
      captchaProvider: complete.captcha?.provider ?? 'altcha',
      captchaSiteKey: text(complete.captcha?.siteKey),
      capabilities: Object.fromEntries(
        Object.entries(complete.capacidades ?? {}).filter(
          (entry): entry is [string, boolean] => entry[1] === true,
        ),
      ),
    },
    sections,
    storeLinks: links,
    openedVersion: mode === 'update' ? (form.versao ?? undefined) : undefined,
  };
}
