import { describe, expect, it } from 'vitest';
import { customization, findSection, isPublishedTutorialStep, type PartnerConfig } from './partner-config';
import {
  applyPartnerFormDefaults,
  PARTNER_FORM_MESSAGES as M,
  parseStoreCodes,
  partnerArchiveQuestion,
  validatePartnerForm,
  withoutBlankTutorialSteps,
} from './partner-form';
import type { PartnerForm, PartnerFormSection } from './partner-settings';

const IMAGE = { tipoImagem: 'image', arquivo: 'iVBORw0KGgo=' };
const STEPS = [0, 1, 2, 3].map((code) => ({ code, title: `Passo ${code}`, text: `Texto ${code}` }));

/** A form every rule accepts; each case breaks one thing. */
function validForm(): PartnerForm {
  return {
    nome: 'Nova Cobrança',
    identificador: 'nova',
    emp_codigo: 1234,
    logo: 'iVBORw0KGgo=',
    estilo: { corPrimaria: '#112233', corSecundaria: '#445566' },
    loj_codigo: '1, 2',
    loj_codigo_nao_negocia: '3',
    sessoes: [
      { nome: 'about', campos: { title: 'Sobre', text: 'Texto' }, arquivos: [IMAGE] },
      { nome: 'tutorial', campos: { title: 'Como funciona', steps: STEPS }, arquivos: [IMAGE] },
      {
        nome: 'contact',
        campos: {
          initialTime: '08:00',
          finalTime: '18:00',
          initialTimeWeekend: '08:00',
          finalTimeWeekend: '12:00',
        },
      },
    ],
  };
}

function withSection(form: PartnerForm, changed: PartnerFormSection): PartnerForm {
  return { ...form, sessoes: [...(form.sessoes ?? []).filter((s) => s.nome !== changed.nome), changed] };
}

const contact = (campos: Record<string, unknown>) => withSection(validForm(), { nome: 'contact', campos });

describe('validatePartnerForm (spec 002 §5, messages of §8)', () => {
  it('accepts a complete form and a minimal one', () => {
    expect(validatePartnerForm(validForm(), 'create')).toBeNull();
    const { nome, identificador, emp_codigo, logo, estilo } = validForm();
    expect(validatePartnerForm({ nome, identificador, emp_codigo, logo, estilo }, 'create')).toBeNull();
  });

  it('accepts ALTCHA without a site key and a hosted robot check with one', () => {
    for (const captcha of [
      { provider: 'altcha', siteKey: null },
      { provider: 'hcaptcha', siteKey: '10000000-ffff-ffff-ffff-000000000001' },
    ] as const) {
      expect(validatePartnerForm({ ...validForm(), captcha }, 'update')).toBeNull();
    }
  });

  it.each<[string, PartnerForm, string, string]>([
    ['no name', { ...validForm(), nome: '  ' }, M.nameRequired, 'nome'],
    ['no subdomain', { ...validForm(), identificador: '' }, M.subdomainRequired, 'identificador'],
    ['no logo', { ...validForm(), logo: null }, M.logoRequired, 'logo'],
    [
      'no primary colour',
      { ...validForm(), estilo: { corSecundaria: '#fff' } },
      M.primaryColorRequired,
      'estilo.corPrimaria',
    ],
    [
      'no secondary colour',
      { ...validForm(), estilo: { corPrimaria: '#fff' } },
      M.secondaryColorRequired,
      'estilo.corSecundaria',
    ],
    [
      'about without image',
      withSection(validForm(), { nome: 'about', campos: { title: 'a', text: 'b' } }),
      M.aboutIncomplete,
      'about',
    ],
    [
      'about without text',
      withSection(validForm(), { nome: 'about', campos: { title: 'a' }, arquivos: [IMAGE] }),
      M.aboutIncomplete,
      'about',
    ],
    [
      'about with only an image',
      withSection(validForm(), { nome: 'about', campos: {}, arquivos: [IMAGE] }),
      M.aboutIncomplete,
      'about',
    ],
    [
      'tutorial without image',
      withSection(validForm(), { nome: 'tutorial', campos: { title: 'a' } }),
      M.tutorialIncomplete,
      'tutorial',
    ],
    [
      'tutorial without title',
      withSection(validForm(), { nome: 'tutorial', campos: {}, arquivos: [IMAGE] }),
      M.tutorialIncomplete,
      'tutorial',
    ],
    ['weekday start without end', contact({ initialTime: '08:00' }), M.hoursIncomplete, 'contact.finalTime'],
    ['weekday end without start', contact({ finalTime: '18:00' }), M.hoursIncomplete, 'contact.initialTime'],
    [
      'weekend start without end',
      contact({ initialTime: '08:00', finalTime: '18:00', initialTimeWeekend: '09:00' }),
      M.hoursIncomplete,
      'contact.finalTimeWeekend',
    ],
    [
      'weekday start after end',
      contact({ initialTime: '18:00', finalTime: '08:00' }),
      M.hoursOrder,
      'contact.finalTime',
    ],
    [
      'weekday start equal to end',
      contact({ initialTime: '08:00', finalTime: '08:00' }),
      M.hoursOrder,
      'contact.finalTime',
    ],
    [
      'weekend start after end',
      contact({
        initialTime: '08:00',
        finalTime: '18:00',
        initialTimeWeekend: '13:00',
        finalTimeWeekend: '12:00',
      }),
      M.hoursOrder,
      'contact.finalTimeWeekend',
    ],
    [
      'weekend hours without weekday hours',
      contact({ initialTimeWeekend: '08:00', finalTimeWeekend: '12:00' }),
      M.hoursIncomplete,
      'contact.initialTime',
    ],
    [
      'a malformed time',
      contact({ initialTime: '8h', finalTime: '18:00' }),
      M.hoursInvalid,
      'contact.initialTime',
    ],
    [
      'an upper-case subdomain with a space',
      { ...validForm(), identificador: 'nova marca' },
      M.subdomainInvalid,
      'identificador',
    ],
    [
      'an all-digit subdomain (it would read as an id)',
      { ...validForm(), identificador: '123' },
      M.subdomainInvalid,
      'identificador',
    ],
    [
      'a subdomain ending in a hyphen',
      { ...validForm(), identificador: 'nova-' },
      M.subdomainInvalid,
      'identificador',
    ],
    ['no company code', { ...validForm(), emp_codigo: undefined }, M.companyRequired, 'emp_codigo'],
    [
      'a hosted robot check without its site key',
      { ...validForm(), captcha: { provider: 'turnstile', siteKey: ' ' } },
      M.captchaSiteKeyRequired,
      'captcha.siteKey',
    ],
    [
      'a colour name',
      { ...validForm(), estilo: { corPrimaria: 'red', corSecundaria: '#445566' } },
      M.colorInvalid,
      'estilo.corPrimaria',
    ],
    [
      'CSS in a header colour',
      withSection(validForm(), { nome: 'header', campos: { background: '#fff;background:url(x)' } }),
      M.colorInvalid,
      'header.background',
    ],
    [
      'three tutorial steps',
      withSection(validForm(), {
        nome: 'tutorial',
        campos: { title: 'a', steps: STEPS.slice(0, 3) },
        arquivos: [IMAGE],
      }),
      M.tutorialSteps,
      'tutorial.steps',
    ],
    [
      'a step without text',
      withSection(validForm(), {
        nome: 'tutorial',
        campos: { title: 'a', steps: [...STEPS.slice(0, 3), { code: 3, title: 'x', text: '' }] },
        arquivos: [IMAGE],
      }),
      M.tutorialSteps,
      'tutorial.steps',
    ],
    ['store codes with letters', { ...validForm(), loj_codigo: '1;2' }, M.storeCodesInvalid, 'loj_codigo'],
    [
      'boleto-only codes with a gap',
      { ...validForm(), loj_codigo_nao_negocia: '3,,4' },
      M.storeCodesInvalid,
      'loj_codigo_nao_negocia',
    ],
    [
      'a store in both lists',
      { ...validForm(), loj_codigo_nao_negocia: '2' },
      M.storeCodesOverlap,
      'loj_codigo_nao_negocia',
    ],
    ['a javascript: link', contact({ site: 'javascript:alert(1)' }), M.linkInvalid, 'contact.site'],
    [
      'a data: creditor link',
      { ...validForm(), creditorAccessUrl: 'data:text/html,x' },
      M.linkInvalid,
      'creditorAccessUrl',
    ],
  ])('%s', (_name, form, message, field) => {
    expect(validatePartnerForm(form, 'create')).toMatchObject({ message, field });
  });

  it('checks the rules in the spec order: the first broken one answers', () => {
    const broken: PartnerForm = { sessoes: [{ nome: 'about', campos: { title: 'x' } }], loj_codigo: 'x' };
    const order: string[] = [];
    let form = broken;
    const fixes: ((f: PartnerForm) => PartnerForm)[] = [
      (f) => ({ ...f, nome: 'N' }),
      (f) => ({ ...f, identificador: 'n' }),
      (f) => ({ ...f, logo: 'abc' }),
      (f) => ({ ...f, estilo: { corPrimaria: '#000' } }),
      (f) => ({ ...f, estilo: { corPrimaria: '#000', corSecundaria: '#111' } }),
      (f) => withSection(f, { nome: 'about', campos: {} }),
      (f) => ({ ...f, emp_codigo: 1 }),
      (f) => ({ ...f, loj_codigo: '' }),
    ];
    for (const fix of fixes) {
      order.push(validatePartnerForm(form, 'create')?.message ?? 'ok');
      form = fix(form);
    }
    order.push(validatePartnerForm(form, 'create')?.message ?? 'ok');
    expect(order).toEqual([
      M.nameRequired,
      M.subdomainRequired,
      M.logoRequired,
      M.primaryColorRequired,
      M.secondaryColorRequired,
      M.aboutIncomplete,
      M.companyRequired,
      M.storeCodesInvalid,
      'ok',
    ]);
  });

  it('keeps the spelling of the spec (sercundária, registar)', () => {
    expect(M.secondaryColorRequired).toBe('O campo cor sercundária é obrigatório');
    expect(M.aboutIncomplete).toMatch(/^Para registar o Sobre/);
  });

  it('asks for the tutorial image and title together only on create', () => {
    const form = withSection(validForm(), { nome: 'tutorial', campos: { title: 'a' } });
    expect(validatePartnerForm(form, 'create')?.message).toBe(M.tutorialIncomplete);
    expect(validatePartnerForm(form, 'update')).toBeNull();
  });

  it('saves an untouched step list as none: no blank step is published (issue 18 item 9)', () => {
    const blank = [0, 1, 2, 3].map((code) => ({ code, title: '', text: ' ' }));
    expect(withoutBlankTutorialSteps({ title: 'Como funciona', steps: blank })).toEqual({
      title: 'Como funciona',
      steps: [],
    });
    const complete = [0, 1, 2, 3].map((code) => ({ code, title: `Passo ${code}`, text: 'Faça assim.' }));
    expect(withoutBlankTutorialSteps({ steps: complete })).toEqual({ steps: complete });
    expect(withoutBlankTutorialSteps({ title: 'Sem passos' })).toEqual({ title: 'Sem passos' });
    expect(isPublishedTutorialStep({ code: 0, title: 'Só o título', text: '' })).toBe(false);
  });

  it('accepts an untouched step list, links without a scheme and messaging schemes', () => {
    const blank = [0, 1, 2, 3].map((code) => ({ code, title: '', text: '' }));
    expect(
      validatePartnerForm(withSection(validForm(), { nome: 'tutorial', campos: { steps: blank } }), 'create'),
    ).toBeNull();
    expect(
      validatePartnerForm(
        contact({ site: 'www.exemplo.com.br', linkedin: 'https://linkedin.com/x' }),
        'create',
      ),
    ).toBeNull();
    const omni = {
      nome: 'omniChannel' as const,
      campos: { skypeOmni: 'skype:exemplo?chat', instagramOmni: '@exemplo' },
    };
    expect(validatePartnerForm(withSection(validForm(), omni), 'create')).toBeNull();
  });
});

describe('parseStoreCodes (spec 002 §3: comma-separated codes)', () => {
  it.each<[string | undefined, number[] | null]>([
    ['', []],
    [undefined, []],
    ['12', [12]],
    [' 1, 2 ,3 ', [1, 2, 3]],
    ['1,1,2', [1, 2]],
    ['1,,2', null],
    ['1;2', null],
    ['a', null],
    ['1,', null],
  ])('%j -> %j', (input, expected) => {
    expect(parseStoreCodes(input)).toEqual(expected);
  });
});

describe('applyPartnerFormDefaults (spec 002 §3 "Form defaults")', () => {
  const asConfig = (form: PartnerForm) =>
    ({ sessoes: form.sessoes ?? [] }) as unknown as Pick<PartnerConfig, 'sessoes'>;

  it('fills the texts of a new partner', () => {
    const form = applyPartnerFormDefaults({ nome: 'x' });
    const header = findSection(asConfig(form), 'header')?.campos;
    expect(header).toEqual({ title: 'Negocie aqui suas dívidas', subtitle: 'É seguro, rápido e online!' });
    const c = customization(asConfig(form));
    expect(c.menuDebits?.textAbaixoLogo).toBe(
      'Negocie seus débitos com descontos e volte a ter crédito para comprar novamente!',
    );
    expect(c.landPage?.textBotaoBuscar).toBe('Buscar minhas dívidas ');
    expect(c.myDebits).toMatchObject({
      textMyDebits: 'Minhas Dívidas',
      subtextMyDebits: 'Você possui dívidas?',
      textMyDebitsDetails: 'Detalhes',
      textMyDebitsCantPay: 'Não posso pagar agora',
      textMyDebitsPaymentOptions: 'Opções de parcelamento e propostas',
    });
    expect(c.myDebits?.detailsMonthlyPayment?.textConfirmaAcordo).toMatch(
      /valores.*datas.*forma de pagamento.*credor/s,
    );
    expect(c.myAgreements).toEqual({
      textMyAgreements: 'Meus Acordos',
      subtextMyAgreements: 'Consulte seus acordos e pagamentos.',
      textMyAgreementsPayment: 'Visualizar pagamentos',
    });
  });

  it('keeps what the form says, an empty text included, and its flags', () => {
    const form = applyPartnerFormDefaults({
      sessoes: [
        { nome: 'header', campos: { title: 'Meu título', subtitle: '' } },
        {
          nome: 'customization',
          campos: { landPage: { flgOverlay: true }, myDebits: { textMyDebits: 'Débitos' } },
        },
      ],
    });
    expect(findSection(asConfig(form), 'header')?.campos).toEqual({ title: 'Meu título', subtitle: '' });
    const c = customization(asConfig(form));
    expect(c.landPage).toEqual({ flgOverlay: true, textBotaoBuscar: 'Buscar minhas dívidas ' });
    expect(c.myDebits?.textMyDebits).toBe('Débitos');
    expect(c.myDebits?.subtextMyDebits).toBe('Você possui dívidas?');
  });
});

it('asks the delete question of spec 002 §2, which archives (decision 014)', () => {
  expect(partnerArchiveQuestion('Acme')).toBe(
    'Você tem certeza que deseja arquivar o parceiro Acme ? O portal dele será desligado e ele sairá da lista de ' +
      'parceiros ativos. Solicitações LGPD, leads, candidaturas, acordos e demais registros continuam no painel.',
  );
});
