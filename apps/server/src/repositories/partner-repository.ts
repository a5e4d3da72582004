import type { PartnerConfig, PartnerSection, SectionName } from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files, partnerSectionFiles, partnerSections, partnerStores, partners } from '../db/schema';
import { fileUrl } from '../services/files/store-image';

export type PartnerRow = typeof partners.$inferSelect;

export async function findPartnerByIdentifier(db: Db, identifier: string): Promise<PartnerRow | undefined> {
  const [row] = await db
    .select()
    .from(partners)
    .where(eq(partners.identifier, identifier.toLowerCase()))
    .limit(1);
  return row;
}

export async function findPartnerByCompanyCode(db: Db, companyCode: number): Promise<PartnerRow | undefined> {
  const [row] = await db.select().from(partners).where(eq(partners.companyCode, companyCode)).limit(1);
  return row;
}

async function fileUrls(db: Db, shas: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(shas.filter((s): s is string => Boolean(s)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ sha256: files.sha256, extension: files.extension })
    .from(files)
    .where(inArray(files.sha256, wanted));
  return new Map(rows.map((r) => [r.sha256, fileUrl(r)]));
}

/** The whole partner configuration as the portal loads it (spec 002 §3), images as URLs. */
export async function loadPartnerConfig(db: Db, partner: PartnerRow): Promise<PartnerConfig> {
  const sections = await db
    .select()
    .from(partnerSections)
    .where(eq(partnerSections.partnerId, partner.id))
    .orderBy(asc(partnerSections.id));
  const sectionIds = sections.map((s) => s.id);
  const sectionFiles = sectionIds.length
    ? await db
        .select({
          sectionId: partnerSectionFiles.sectionId,
          identifier: partnerSectionFiles.identifier,
          imageType: partnerSectionFiles.imageType,
          name: partnerSectionFiles.name,
          sha256: files.sha256,
          extension: files.extension,
          width: files.width,
          height: files.height,
        })
        .from(partnerSectionFiles)
        .innerJoin(files, eq(files.sha256, partnerSectionFiles.fileSha256))
        .where(inArray(partnerSectionFiles.sectionId, sectionIds))
        .orderBy(asc(partnerSectionFiles.position), asc(partnerSectionFiles.id))
    : [];
  const storeLinks = await db
    .select({ storeId: partnerStores.storeId, negotiates: partnerStores.negotiates })
    .from(partnerStores)
    .where(eq(partnerStores.partnerId, partner.id))
    .orderBy(asc(partnerStores.storeId));
  const urls = await fileUrls(db, [partner.logoFile, partner.faviconFile]);

  const sessoes: PartnerSection[] = sections.map((section) => ({
    nome: section.name as SectionName,
    campos: section.fields,
    arquivos: sectionFiles
      .filter((f) => f.sectionId === section.id)
      .map((f) => ({
        identificador: f.identifier,
        tipoImagem: f.imageType,
        url: fileUrl(f),
        ...(f.width ? { width: f.width } : {}),
        ...(f.height ? { height: f.height } : {}),
        adicionais: { name: f.name },
      })),
  }));

  return {
    id: partner.id,
    nome: partner.name,
    identificador: partner.identifier,
    emp_codigo: partner.companyCode,
    logo: partner.logoFile ? (urls.get(partner.logoFile) ?? null) : null,
    tipoLogo: partner.logoType,
    favicon: partner.faviconFile ? (urls.get(partner.faviconFile) ?? null) : null,
    estilo: partner.style,
    pixel_meta: partner.metaPixelId,
    hotjar_id: partner.hotjarId,
    loj_codigo: storeLinks
      .filter((s) => s.negotiates)
      .map((s) => s.storeId)
      .join(','),
    loj_codigo_nao_negocia: storeLinks
      .filter((s) => !s.negotiates)
      .map((s) => s.storeId)
      .join(','),
    creditorAccessUrl: partner.creditorAccessUrl,
    captcha: { provider: partner.captchaProvider, siteKey: partner.captchaSiteKey },
    capacidades: partner.capabilities,
    sessoes,
  };
}
