import {
  type CustomizationFields,
  customization,
  type PartnerConfig,
  type PartnerSection,
  type SectionName,
} from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files, partnerSectionFiles, partnerSections, partnerStores, partners } from '../db/schema';
import { fileUrl } from '../services/files/store-image';
import { deepFreeze } from './deep-freeze';

export type PartnerRow = typeof partners.$inferSelect;

/**
 * Per-process cache of partner rows (by identifier) and partner configurations (by partner id), one per database.
 * Every portal call resolves its partner, and most read its configuration: a short expiry saves those queries
 * while an edit still shows within seconds. Whoever writes partner rows, sections, section images or store links
 * calls invalidate(partnerId) (or clear()) so the edit shows at once in this process. Expiry 0 (the default, as in
 * the command-line tools) reads the database every time. Misses (unknown identifiers) are not kept. Values are
 * frozen: they are shared by concurrent requests.
 */
export interface PartnerCache {
  /** Entries live this long; 0 disables the cache. */
  ttlMs: number;
  /** Forgets everything about this partner (its row under any identifier, its configuration). */
  invalidate(partnerId: number): void;
  clear(): void;
  /** Told of every invalidate (null: clear) made here, so the other server processes forget it too (server.ts). */
  relay: ((partnerId: number | null) => void) | null;
  /** An edit made in another server process: forgets as invalidate (null: clear) does, without relaying it. */
  forget(partnerId: number | null): void;
}

interface Entry<T> {
  value: Promise<T>;
  /** The resolved value, once known. */
  settled?: T;
  expiresAt: number;
}

class MemoryPartnerCache implements PartnerCache {
  ttlMs = 0;
  readonly partnersByIdentifier = new Map<string, Entry<PartnerRow | undefined>>();
  readonly configs = new Map<number, Entry<PartnerConfig>>();

  relay: ((partnerId: number | null) => void) | null = null;

  invalidate(partnerId: number): void {
    this.forget(partnerId);
    this.relay?.(partnerId);
  }

  clear(): void {
    this.forget(null);
    this.relay?.(null);
  }

  forget(partnerId: number | null): void {
    if (partnerId === null) {
      this.configs.clear();
      this.partnersByIdentifier.clear();
      return;
    }
    this.configs.delete(partnerId);
    for (const [identifier, entry] of this.partnersByIdentifier) {
      // A load still in flight may be this partner's old row: forget it too.
      if (!entry.settled || entry.settled.id === partnerId) this.partnersByIdentifier.delete(identifier);
    }
  }

  /** The cached value, or one load shared by concurrent callers (a burst of requests makes one query). */
  read<K, T>(map: Map<K, Entry<T>>, key: K, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = map.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const entry: Entry<T> = { value: load().then(deepFreeze), expiresAt: now + this.ttlMs };
    map.set(key, entry);
    entry.value.then(
      (value) => {
        if (map.get(key) !== entry) return;
        if (value === undefined) map.delete(key);
        else entry.settled = value;
      },
      () => {
        if (map.get(key) === entry) map.delete(key);
      },
    );
    return entry.value;
  }
}

const caches = new WeakMap<Db, MemoryPartnerCache>();

function cacheOf(db: Db): MemoryPartnerCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new MemoryPartnerCache();
    caches.set(db, cache);
  }
  return cache;
}

/** The partner cache of this database (the server sets its expiry from PARTNER_CACHE_SECONDS). */
export const partnerCache = (db: Db): PartnerCache => cacheOf(db);

/** Shorthand for partnerCache(db).invalidate(partnerId), for code that writes partner data. */
export const invalidatePartner = (db: Db, partnerId: number): void => cacheOf(db).invalidate(partnerId);

export function findPartnerByIdentifier(db: Db, identifier: string): Promise<PartnerRow | undefined> {
  const key = identifier.toLowerCase();
  return cacheOf(db).read(cacheOf(db).partnersByIdentifier, key, async () => {
    const [row] = await db.select().from(partners).where(eq(partners.identifier, key)).limit(1);
    return row;
  });
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

/** The whole partner configuration as the portal loads it (spec 002 §3), images as URLs. Cached (see above). */
export function loadPartnerConfig(db: Db, partner: PartnerRow): Promise<PartnerConfig> {
  return cacheOf(db).read(cacheOf(db).configs, partner.id, () => readPartnerConfig(db, partner));
}

/** The partner's customization section (the debtor-area flags), from the cached configuration. */
export async function loadPartnerCustomization(db: Db, partner: PartnerRow): Promise<CustomizationFields> {
  return customization(await loadPartnerConfig(db, partner));
}

async function readPartnerConfig(db: Db, partner: PartnerRow): Promise<PartnerConfig> {
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
