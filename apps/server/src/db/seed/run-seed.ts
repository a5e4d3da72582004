import { randomBytes } from 'node:crypto';
import {
  addDays,
  addMonths,
  cnpjCheckDigits,
  cpfCheckDigits,
  instalmentSchedule,
  todayInBrasilia,
} from '@portal/domain';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { recordCoveredInstalments } from '../../repositories/agreement-repository';
import { type ImageProfile, type StoredImage, storeImage } from '../../services/files/store-image';
import type { Db } from '../client';
import {
  agreementContracts,
  agreementInstalments,
  agreements,
  contracts,
  faqItems,
  instalments,
  partnerSectionFiles,
  partnerSections,
  partnerStores,
  partners,
  paymentEvents,
  persons,
  stores,
} from '../schema';
import { faviconSvg, headerSvg, illustrationSvg, logoSvg } from './artwork';
import { seedCompanies } from './demo-companies';
import { type DemoAgreement, type DemoDebtor, FIXED_DEBTORS, generatedDebtors } from './demo-debtors';
import { DEMO_FAQ } from './demo-faq';
import { DEMO_PARTNERS, DEMO_POLICY, DEMO_STORES, type DemoPartner } from './demo-partners';

export type SeedOutcome = 'seeded' | 'skipped-not-empty' | 'refused-production';

async function image(db: Db, svg: Buffer, profile: ImageProfile, name: string): Promise<StoredImage> {
  return storeImage(db, await sharp(svg).png().toBuffer(), profile, name);
}

const TUTORIAL_STEPS = [
  {
    code: 0,
    title: 'Informe seu CPF ou CNPJ',
    text: 'Digite seu documento na busca para localizar suas dívidas com segurança.',
  },
  {
    code: 1,
    title: 'Confirme seus dados',
    text: 'Confirme sua data de nascimento ou telefone para proteger suas informações.',
  },
  {
    code: 2,
    title: 'Escolha a melhor oferta',
    text: 'Veja os descontos e simule o pagamento à vista ou parcelado.',
  },
  {
    code: 3,
    title: 'Pague como preferir',
    text: 'Gere o boleto, pague com PIX ou cartão de crédito e volte a ter crédito.',
  },
];

async function seedPartner(db: Db, partner: DemoPartner, storeIds: number[]): Promise<void> {
  const logo = await image(
    db,
    logoSvg(partner.name, partner.primary, partner.secondary),
    'logo',
    `${partner.identifier}.svg`,
  );
  const favicon = await image(
    db,
    faviconSvg(partner.name, partner.primary),
    'favicon',
    `${partner.identifier}-favicon.svg`,
  );
  const desktop = await image(
    db,
    headerSvg(1600, 700, partner.primary, partner.secondary),
    'headerDesktop',
    'header.svg',
  );
  const mobile = await image(
    db,
    headerSvg(800, 900, partner.primary, partner.secondary),
    'headerMobile',
    'header-mobile.svg',
  );

  const [row] = await db
    .insert(partners)
    .values({
      identifier: partner.identifier,
      name: partner.name,
      companyCode: partner.companyCode,
      logoFile: logo.sha256,
      logoType: 'webp',
      faviconFile: favicon.sha256,
      style: { corPrimaria: partner.primary, corSecundaria: partner.secondary },
      metaPixelId: partner.metaPixelId ?? null,
      hotjarId: partner.hotjarId ?? null,
      creditorAccessUrl: 'https://credores.example.com/',
      companyToken: partner.active === false ? null : randomBytes(24).toString('hex'),
      capabilities: Object.fromEntries(partner.capabilities.map((c) => [c, true])),
    })
    .returning({ id: partners.id });
  const partnerId = row!.id;

  const addSection = async (
    name: string,
    fields: Record<string, unknown>,
    images: [string, StoredImage, string][] = [],
  ) => {
    const [section] = await db
      .insert(partnerSections)
      .values({ partnerId, name, fields })
      .returning({ id: partnerSections.id });
    if (images.length === 0) return;
    await db.insert(partnerSectionFiles).values(
      images.map(([imageType, file, fileName], position) => ({
        sectionId: section!.id,
        identifier: `${name}-${position + 1}`,
        imageType,
        fileSha256: file.sha256,
        name: fileName,
        position,
      })),
    );
  };

  await addSection(
    'header',
    {
      title: 'Negocie aqui suas dívidas',
      subtitle: 'É seguro, rápido e online!',
      firstTitleColor: '#ffffff',
      secondTitleColor: '#ffffff',
      subTitleColor: '#ffffff',
      headerButtonsColor: partner.secondary,
      background: partner.secondary,
    },
    [
      ['desktop', desktop, 'header.webp'],
      ['mobile', mobile, 'header-mobile.webp'],
    ],
  );
  await addSection('customization', { ...partner.customization });
  if (partner.stores.length > 0) {
    await db.insert(partnerStores).values(
      partner.stores.map(([storeIndex, negotiates]) => ({
        partnerId,
        storeId: storeIds[storeIndex]!,
        negotiates,
      })),
    );
  }
  await addSection('logoForBackgroundWhite', {}, [['logo', logo, 'logo.webp']]);

  const contact: Record<string, unknown> = {
    email: `contato@${partner.identifier}.example.com`,
    phone: '1140028922',
    initialTime: '08:00',
    finalTime: '18:00',
    site: `https://${partner.identifier}.example.com`,
  };
  if (!partner.fullLanding) {
    await addSection('contact', contact);
    return;
  }
  const illustration = await image(
    db,
    illustrationSvg(partner.primary, partner.secondary),
    'section',
    'sobre.svg',
  );
  await addSection(
    'about',
    {
      title: `Sobre a ${partner.name}`,
      text: `A ${partner.name} ajuda você a negociar suas dívidas com descontos reais, sem sair de casa. Consulte, simule e pague com segurança, no seu tempo.`,
    },
    [['image', illustration, 'sobre.webp']],
  );
  await addSection('tutorial', { title: 'Como funciona', steps: TUTORIAL_STEPS }, [
    ['image', desktop, 'tutorial.webp'],
  ]);
  const storeLogos: [string, StoredImage, string][] = [];
  for (const storeIndex of partner.stores.map(([s]) => s)) {
    const store = DEMO_STORES[storeIndex]!;
    storeLogos.push([
      'logo',
      await image(
        db,
        logoSvg(store.tradeName, store.primary, store.secondary),
        'partnerLogo',
        `${store.tradeName}.svg`,
      ),
      store.tradeName,
    ]);
  }
  await addSection('partners', { text: 'Empresas que confiam em nós para negociar com você.' }, storeLogos);
  await addSection(
    'contact',
    {
      ...contact,
      whatsapp: '11987650000',
      phoneZeroEightHundred: '08007654321',
      address: 'Av. Paulista, 1000 - Bela Vista, São Paulo - SP, 01310-100',
      dadosEmpresa: `${partner.name} Serviços de Cobrança Ltda. - CNPJ 11.222.333/0001-81`,
      initialTimeWeekend: '08:00',
      finalTimeWeekend: '12:00',
      url_facebook: 'https://www.facebook.com/exemplo',
      url_instagram: 'https://www.instagram.com/exemplo',
      linkedin: 'https://www.linkedin.com/company/exemplo',
      telegram: 'https://t.me/exemplo',
    },
    [['image', illustration, 'contato.webp']],
  );
  await addSection('omniChannel', {
    whatsappOmni: '11987650000',
    emailOmni: `atendimento@${partner.identifier}.example.com`,
    telegramOmni: 'https://t.me/exemplo',
    chatOmni: `https://${partner.identifier}.example.com/chat`,
    flgdiscadoraOmni: true,
  });
  await addSection('creditor', {
    title: 'Seja um credor parceiro',
    text: 'Recupere créditos com um portal de negociação com a sua marca.',
  });
}

async function seedDebtor(db: Db, debtor: DemoDebtor, storeIds: number[], today: string): Promise<void> {
  const [person] = await db
    .insert(persons)
    .values({
      cpfCnpj: debtor.cpfCnpj,
      name: debtor.name,
      birthDate: debtor.birthDate,
      phone: debtor.phone,
      email: debtor.email,
      gender: debtor.gender,
    })
    .returning({ id: persons.id });
  let sequence = 0;
  const contractIds: number[] = [];
  for (const contract of debtor.contracts) {
    sequence += 1;
    const [row] = await db
      .insert(contracts)
      .values({
        personId: person!.id,
        storeId: storeIds[contract.store]!,
        number: `${debtor.cpfCnpj.slice(-9)}${String(contract.store).padStart(2, '0')}${String(sequence).padStart(3, '0')}`,
        origin: 'Crediário',
        reference: `REF-${sequence}`,
      })
      .returning({ id: contracts.id });
    contractIds.push(row!.id);
    const firstDue = addMonths(today, -contract.overdue);
    const notDue = contract.instalments - contract.overdue;
    await db.insert(instalments).values(
      Array.from({ length: contract.instalments }, (_, i) => {
        const paid = i < contract.paid;
        return {
          contractId: row!.id,
          number: i + 1,
          dueDate: addMonths(firstDue, i),
          amountCents: contract.amountCents,
          balanceCents: paid ? 0 : contract.amountCents,
          paid,
          futureEntry: i >= contract.instalments - Math.min(contract.futureEntries, notDue),
        };
      }),
    );
  }
  if (debtor.agreement)
    await seedAgreement(
      db,
      person!.id,
      storeIds[debtor.contracts[debtor.agreement.contract]!.store]!,
      contractIds[debtor.agreement.contract]!,
      debtor.agreement,
      today,
    );
}

/** An agreement as passo_4_novo records it (agreement, its contract, its instalments), with its paid payments. */
async function seedAgreement(
  db: Db,
  personId: number,
  storeId: number,
  contractId: number,
  demo: DemoAgreement,
  today: string,
): Promise<void> {
  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.identifier, demo.partner));
  const firstDueDate = addDays(today, demo.firstDueInDays);
  const plan = {
    entryCents: demo.entryCents,
    instalmentCount: demo.instalmentCount,
    instalmentCents: demo.instalmentCents,
    totalCents: demo.entryCents + demo.instalmentCents * demo.instalmentCount,
  };
  const [agreement] = await db
    .insert(agreements)
    .values({
      partnerId: partner!.id,
      personId,
      storeId,
      paymentMethod: demo.method,
      ...plan,
      firstDueDate,
      createdAt: new Date(Date.parse(`${addDays(firstDueDate, -3)}T12:00:00-03:00`)),
    })
    .returning({ id: agreements.id });
  await db.insert(agreementContracts).values({ agreementId: agreement!.id, contractId });
  await recordCoveredInstalments(db, agreement!.id, [contractId], false);
  const rows = await db
    .insert(agreementInstalments)
    .values(instalmentSchedule(plan, firstDueDate).map((row) => ({ agreementId: agreement!.id, ...row })))
    .returning();
  const paid = rows.slice(0, demo.paid);
  if (paid.length > 0)
    await db.insert(paymentEvents).values(
      paid.map((row) => ({
        instalmentId: row.id,
        kind: 'paid' as const,
        amountCents: row.amountCents,
        occurredOn: row.dueDate,
        cause: 'Pagamento de demonstração (seed)',
      })),
    );
}

/**
 * Fills an empty database with the demo partners, stores and debtors. Idempotent: a database that already has
 * partners is left alone. Refused under NODE_ENV=production unless forced (SEED_DEMO=force).
 */
export async function seedDemo(
  db: Db,
  options: { production: boolean; force: boolean },
): Promise<SeedOutcome> {
  if (options.production && !options.force) return 'refused-production';
  const [existing] = await db.select({ n: count() }).from(partners);
  if (Number(existing?.n ?? 0) > 0) return 'skipped-not-empty';
  const today = todayInBrasilia();
  await db.transaction(async (tx) => {
    const storeIds: number[] = [];
    for (const store of DEMO_STORES) {
      const logo = await image(
        tx as unknown as Db,
        logoSvg(store.tradeName, store.primary, store.secondary),
        'partnerLogo',
        `${store.tradeName}.svg`,
      );
      const [row] = await tx
        .insert(stores)
        .values({
          tradeName: store.tradeName,
          legalName: store.legalName,
          cpfCnpj: store.cnpjBase + cnpjCheckDigits(store.cnpjBase),
          logoFile: logo.sha256,
          maxEntryDays: store.maxEntryDays,
          issuesSecondCopy: store.issuesSecondCopy,
          // Demo bank account (Banco do Brasil, carteira 17) and convênio: the first 7 digits of the store's CNPJ.
          boletoAgreement: store.cnpjBase.slice(0, 7),
          bankBranch: `${store.cnpjBase.slice(7, 11)}-${store.cnpjBase.slice(11, 12)}`,
          bankAccount: `${store.cnpjBase.slice(0, 5)}-${store.cnpjBase.slice(5, 6)}`,
          negotiationPolicy: { ...DEMO_POLICY, ...store.policy },
          groupingType: store.groupingType ?? null,
          city: store.city,
          state: store.state,
        })
        .returning({ id: stores.id });
      storeIds.push(row!.id);
    }
    for (const partner of DEMO_PARTNERS) await seedPartner(tx as unknown as Db, partner, storeIds);
    await seedCompanies(tx as unknown as Db);
    await tx.insert(faqItems).values(DEMO_FAQ);
    for (const debtor of [...FIXED_DEBTORS, ...generatedDebtors(240, DEMO_STORES.length, cpfCheckDigits)]) {
      await seedDebtor(tx as unknown as Db, debtor, storeIds, today);
    }
  });
  return 'seeded';
}
