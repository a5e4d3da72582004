import {
  CAPABILITY_NAMES,
  PARTNER_LIST_FILTERS,
  PARTNER_SAVED_MESSAGES,
  type PartnerForm,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { archivePartner } from '../services/partners/archive-partner';
import { createPartner } from '../services/partners/create-partner';
import { listPartners } from '../services/partners/list-partners';
import { updatePartner } from '../services/partners/update-partner';
import { areaText, formCode, lineText, pageNumber } from './body-fields';
import { staffOf } from './staff-auth';

// The partner calls of the admin API (spec 002 §7; docs/api.md "Back office"), registered inside `staffOnly`.
// GET /api/parceiro/{id}/info is in partner-routes.ts: the same path answers the public start-up call.
// The schema below only shapes the payload (types, lengths, known fields); the form's rules, in the spec's order
// and with its messages, are packages/domain partner-form.ts.

// Forms send empty fields as null or ''; both mean "not filled". Texts of a partner's pages may span lines.
const text = (max = 2000) =>
  areaText(max)
    .nullish()
    .transform((v) => v ?? undefined);
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['S', 'N', 'true', 'false', '0', '1'])])
  .nullish()
  .transform((v) =>
    v === null || v === undefined
      ? undefined
      : v === true || v === 1 || ['S', 'true', '1'].includes(String(v)),
  );
const texts = <K extends string>(keys: readonly K[], max?: number) =>
  Object.fromEntries(keys.map((k) => [k, text(max)])) as Record<K, ReturnType<typeof text>>;
const flags = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, flag])) as Record<K, typeof flag>;

// Spec 002 §3, section by section.
const CAMPOS = {
  header: z.object(
    texts([
      'title',
      'subtitle',
      'firstTitleColor',
      'secondTitleColor',
      'headerButtonsColor',
      'subTitleColor',
      'background',
    ]),
  ),
  about: z.object(texts(['title', 'text'], 10_000)),
  tutorial: z.object({
    title: text(),
    steps: z
      .array(
        z.object({
          code: z.coerce.number().int(),
          title: text(500).default(''),
          text: text(2000).default(''),
        }),
      )
      .max(10)
      .optional(),
  }),
  partners: z.object(texts(['text'], 10_000)),
  contact: z.object(
    texts([
      'phone',
      'phoneZeroEightHundred',
      'whatsapp',
      'email',
      'address',
      'dadosEmpresa',
      'site',
      'linkedin',
      'telegram',
      'url_facebook',
      'url_instagram',
      'initialTime',
      'finalTime',
      'initialTimeWeekend',
      'finalTimeWeekend',
    ]),
  ),
  omniChannel: z.object({
    ...texts([
      'whatsappOmni',
      'whatsappLinkOmni',
      'instagramOmni',
      'telegramOmni',
      'messengerOmni',
      'skypeOmni',
      'linkedinOmni',
      'emailOmni',
      'chatOmni',
      'siteOmni',
    ]),
    ...flags(['flgdiscadoraOmni', 'scheduleCall']),
  }),
  customization: z.object({
    myDebits: z
      .object({
        ...texts(
          [
            'textSalvarAcordos',
            'textMyDebits',
            'subtextMyDebits',
            'subtextPanelMyDebits',
            'subtextPanelMyDebitsNotFound',
            'textMyDebitsDetails',
            'textMyDebitsCantPay',
            'textMyDebitsPaymentOptions',
            'textChavePix',
            'urlSeguro',
          ],
          5000,
        ),
        detailsMonthlyPayment: z.object({ textConfirmaAcordo: text(10_000) }).optional(),
        ...flags([
          'flgValorOriginal',
          'flgAgruparContratos',
          'flgDesativarEnviarProposta',
          'flgDesativarCartaoCredito',
          'flgAtivarEscolhaDoVencimento',
          'flgDesativarPix',
          'flgDesativatBotaoNaoPossoPagar',
          'flgPortalUsaStage',
        ]),
      })
      .optional(),
    myAgreements: z
      .object({
        ...texts(
          [
            'textMyAgreements',
            'textEmailBoleto',
            'subtextMyAgreements',
            'subtextPanelMyAgreements',
            'subtextPanelMyAgreementsNotFound',
            'textMyAgreementsPayment',
          ],
          5000,
        ),
        ...flags(['flgTermoCofissao', 'flgPagueMe', 'flgIncluirHistorico', 'flgPaginar']),
      })
      .optional(),
    confirmBirthday: z
      .object(
        flags([
          'flgValidarDataNasc',
          'flgValidarTelefone',
          'flgNaoUtilizaLGPD',
          'flgValidarToken',
          'flgTotem',
          'flgEsqueceuTelefone',
          'flgDesativaCadastro',
          'flgPrefeituraMode',
        ]),
      )
      .optional(),
    menuDebits: z
      .object({
        ...texts(['textAbaixoLogo', 'corFundoMenuDebits'], 5000),
        ...flags(['flgReceberLigacao', 'flgFaleConosco', 'flgPrefeituraMode']),
      })
      .optional(),
    landPage: z
      .object({
        ...texts(['textBotaoBuscar', 'textNomeParceiroContratos'], 500),
        ...flags([
          'flgAcessoCredor',
          'flgOverlay',
          'flgModoServico',
          'flgStretch',
          'flgIntegraRobo',
          'flgMaxWidth',
        ]),
      })
      .optional(),
  }),
  creditor: z.object(texts(['title', 'text'], 10_000)),
  logoForBackgroundWhite: z.object({}),
} as const;

// A base64 image of 2 MB is about 2.8 million characters; the check in check-image.ts gives the clear message.
const imageText = lineText(4_000_000);
const arquivos = z
  .array(
    z.object({
      identificador: z
        .union([lineText(100), z.number()])
        .optional()
        .transform((v) => (v === undefined ? undefined : String(v))),
      tipoImagem: text(50),
      arquivo: imageText.nullish().transform((v) => v || undefined),
      url: text(500),
      id: text(100),
      adicionais: z
        .object({ name: text(255) })
        .nullish()
        .transform((v) => v ?? undefined),
    }),
  )
  .max(30)
  .optional();

const section = z.discriminatedUnion(
  'nome',
  Object.entries(CAMPOS).map(([nome, campos]) =>
    z.object({ nome: z.literal(nome), campos: campos.optional(), arquivos }),
  ) as unknown as [z.ZodObject<{ nome: z.ZodLiteral<string> }>],
);

const companyCode = z
  .union([z.literal(''), formCode])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? undefined : v));

export const partnerPayload = z
  .object({
    nome: text(120),
    identificador: text(200),
    emp_codigo: companyCode,
    logo: imageText.nullish(),
    tipoLogo: text(20),
    favicon: imageText.nullish(),
    hotjar_id: text(50),
    pixel_meta: text(50),
    loj_codigo: lineText(2000)
      .nullish()
      .transform((v) => (v === null ? '' : v)),
    loj_codigo_nao_negocia: lineText(2000)
      .nullish()
      .transform((v) => (v === null ? '' : v)),
    estilo: z.object({ corPrimaria: text(20), corSecundaria: text(20) }).optional(),
    creditorAccessUrl: text(500),
    ativo: flag,
    captcha: z
      .object({
        provider: z.enum(['altcha', 'turnstile', 'recaptcha', 'hcaptcha']).optional(),
        siteKey: text(200),
      })
      .optional(),
    capacidades: z.partialRecord(z.enum(CAPABILITY_NAMES as [string, ...string[]]), flag).optional(),
    sessoes: z.array(section).max(20).optional(),
  })
  .transform((form) => form as unknown as PartnerForm);

const idParam = z.object({ id: formCode });
const listQuery = z.object({
  page: pageNumber,
  situacao: z.enum(PARTNER_LIST_FILTERS).catch('ativos').default('ativos'),
});

// Images travel as base64 in the JSON body (spec 002 §3 "arquivo base64"): a form with every image fits here.
const FORM_BODY_LIMIT = 24 * 1024 * 1024;

export function registerPartnerAdminRoutes(admin: FastifyInstance, db: Db): void {
  admin.get('/api/parceiro', async (request) => {
    const { page, situacao } = listQuery.parse(request.query ?? {});
    return listPartners(db, situacao, page);
  });

  admin.post('/api/parceiro', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
    const data = await createPartner(db, partnerPayload.parse(request.body ?? {}));
    return reply.code(201).send({ message: PARTNER_SAVED_MESSAGES.created, data });
  });

  admin.put('/api/parceiro/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = idParam.parse(request.params);
    const data = await updatePartner(db, id, partnerPayload.parse(request.body ?? {}));
    return { message: PARTNER_SAVED_MESSAGES.updated, data };
  });

  // The spec's delete archives (decision 014); the route and the answer's shape stay for the client.
  admin.delete('/api/parceiro/:id', async (request) => {
    const { id } = idParam.parse(request.params);
    await archivePartner(db, id, staffOf(request).userId);
    return { message: PARTNER_SAVED_MESSAGES.archived };
  });
}
