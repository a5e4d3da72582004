import { describe, expect, it } from 'vitest';
import { PARTNER_FORM_MESSAGES as M, partnerFormSchema, validatePartnerForm } from './partner-form';
import {
  PARTNER_FORM_DEFAULTS,
  PARTNER_FORM_SECTIONS,
  PARTNER_SETTINGS,
  type PartnerForm,
  type PartnerSettings,
  partnerFormFrom,
  partnerPayloadSchema,
  partnerSettingsFrom,
  settingAt,
} from './partner-settings';

const IMAGE = { tipoImagem: 'image', arquivo: 'iVBORw0KGgo=' };

/** A form every rule accepts. */
const validForm = (): PartnerForm => ({
  nome: 'Nova Cobrança',
  identificador: 'nova',
  emp_codigo: 1234,
  logo: 'iVBORw0KGgo=',
  estilo: { corPrimaria: '#112233', corSecundaria: '#445566' },
});

/** The payload with one setting at `path` set to `value`. */
function withSetting(form: PartnerForm, path: string, value: unknown): PartnerForm {
  const values = partnerSettingsFrom(form) as Record<string, unknown>;
  const keys = path.split('.');
  let node = values;
  for (const key of keys.slice(0, -1)) {
    node[key] = { ...(node[key] as object) };
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
  return partnerFormFrom(values as PartnerSettings);
}

const formFields = PARTNER_FORM_SECTIONS.flatMap((section) => [
  ...section.fields,
  ...section.groups.flatMap((group) => group.fields),
]);

describe('partner settings, each declared once', () => {
  it('lays the form out in the sections of spec 002 §3, in order', () => {
    expect(PARTNER_FORM_SECTIONS.map((section) => section.id)).toEqual([
      'identidade',
      'estilo',
      'cabecalho',
      'logo-fundo-branco',
      'sobre',
      'passo-a-passo',
      'parceiros',
      'contato',
      'omnichannel',
      'personalizacao',
      'capacidades',
    ]);
    const customization = PARTNER_FORM_SECTIONS.find((section) => section.id === 'personalizacao')!;
    expect(customization.groups.map((group) => group.title)).toEqual([
      'Página inicial',
      'Identificação do devedor',
      'Menu do devedor',
      'Minhas dívidas',
      'Meus acordos',
    ]);
    expect(PARTNER_FORM_SECTIONS.find((section) => section.id === 'cabecalho')!.images).toEqual([
      { section: 'header', tipoImagem: 'desktop', label: 'Imagem do cabeçalho (computador)' },
      { section: 'header', tipoImagem: 'mobile', label: 'Imagem do cabeçalho (celular)' },
    ]);
  });

  it('shows every labelled setting once in the form, and no other', () => {
    const labelled = PARTNER_SETTINGS.filter((def) => def.label).map((def) => def.path);
    expect(formFields.map((field) => field.path)).toEqual(labelled);
    expect(new Set(labelled).size).toBe(labelled.length);
    // Kept as stored but not in the form (spec 000 §3: the login reads the city-hall mode from menuDebits).
    expect(labelled).not.toContain('customization.menuDebits.flgPrefeituraMode');
  });

  it('takes a new partner default, its form field and its wire shape from the one declaration', () => {
    // header.title: a default text (spec 002 §3), a field of Cabeçalho, a campo of the header section.
    expect(settingAt(PARTNER_FORM_DEFAULTS, 'header.title')).toBe('Negocie aqui suas dívidas');
    const header = PARTNER_FORM_SECTIONS.find((section) => section.id === 'cabecalho')!;
    expect(header.fields[0]).toMatchObject({ path: 'header.title', label: 'Título', kind: 'text' });
    const parsed = partnerPayloadSchema.parse({
      sessoes: [{ nome: 'header', campos: { title: 'Título novo', estranho: 'x' } }],
    });
    expect(parsed.sessoes?.[0]?.campos).toEqual({ title: 'Título novo' });
    // corFundoMenuDebits: a colour, so the colour rule checks it; shown on update only, in its group.
    const menuColor = 'customization.menuDebits.corFundoMenuDebits';
    expect(formFields.find((field) => field.path === menuColor)).toMatchObject({
      kind: 'color',
      updateOnly: true,
    });
    expect(validatePartnerForm(withSetting(validForm(), menuColor, 'red'), 'update')).toMatchObject({
      message: M.colorInvalid,
      field: menuColor,
    });
  });

  it('has every default in the declaration (spec 002 §3 "Form defaults")', () => {
    const initial = PARTNER_SETTINGS.filter((def) => def.initial !== undefined);
    expect(initial.map((def) => def.path)).toEqual([
      'header.title',
      'header.subtitle',
      'customization.landPage.textBotaoBuscar',
      'customization.menuDebits.textAbaixoLogo',
      'customization.myDebits.textMyDebits',
      'customization.myDebits.subtextMyDebits',
      'customization.myDebits.textMyDebitsDetails',
      'customization.myDebits.textMyDebitsCantPay',
      'customization.myDebits.textMyDebitsPaymentOptions',
      'customization.myDebits.detailsMonthlyPayment.textConfirmaAcordo',
      'customization.myAgreements.textMyAgreements',
      'customization.myAgreements.subtextMyAgreements',
      'customization.myAgreements.textMyAgreementsPayment',
    ]);
    for (const def of initial) expect(settingAt(PARTNER_FORM_DEFAULTS, def.path)).toBe(def.initial);
  });

  it.each(PARTNER_SETTINGS.filter((def) => def.kind === 'color').map((def) => def.path))(
    'refuses a colour that is not hexadecimal at %s',
    (path) => {
      const form = withSetting(validForm(), path, '#fff;background:url(x)');
      expect(validatePartnerForm(form, 'update')).toMatchObject({ message: M.colorInvalid, field: path });
    },
  );

  it.each(PARTNER_SETTINGS.filter((def) => def.kind === 'link').map((def) => def.path))(
    'refuses a javascript: link at %s',
    (path) => {
      const form = withSetting(validForm(), path, 'javascript:alert(1)');
      expect(validatePartnerForm(form, 'update')).toMatchObject({ message: M.linkInvalid, field: path });
    },
  );

  it('carries every text setting through the wire shape and back to the form', () => {
    let form = validForm();
    const texts = PARTNER_SETTINGS.filter((def) => ['text', 'textarea', 'email'].includes(def.kind));
    for (const def of texts) form = withSetting(form, def.path, `valor ${def.path}`);
    const values = partnerSettingsFrom(partnerPayloadSchema.parse(form));
    for (const def of texts) expect(settingAt(values, def.path), def.path).toBe(`valor ${def.path}`);
  });
});

describe('the form values and the payload', () => {
  it('sends a section with something in it, or one the partner had; not an untouched empty one', () => {
    const values: PartnerSettings = {
      nome: 'x',
      about: { title: '' },
      contact: { phone: '11 4002-8922' },
      tutorial: { steps: [{ code: 0, title: '', text: '' }] },
      arquivos: { partners: [IMAGE] },
    };
    const names = (form: PartnerForm) => form.sessoes?.map((s) => s.nome).sort();
    expect(names(partnerFormFrom(values))).toEqual(['contact', 'partners']);
    expect(names(partnerFormFrom(values, new Set(['about'])))).toEqual(['about', 'contact', 'partners']);
    expect(partnerFormFrom(values).nome).toBe('x');
  });

  it('answers the first broken rule under its field as one issue', () => {
    const result = partnerFormSchema('create').safeParse(
      partnerSettingsFrom({ ...validForm(), estilo: { corPrimaria: '#000' } }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      { path: ['estilo', 'corSecundaria'], message: M.secondaryColorRequired },
    ]);
    expect(partnerFormSchema('create').safeParse(partnerSettingsFrom(validForm())).success).toBe(true);
  });
});
