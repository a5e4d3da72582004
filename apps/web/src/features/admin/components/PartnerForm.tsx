import {
  type CompanyOption,
  mask0800,
  type PartnerFormMode,
  type PartnerForm as PartnerPayload,
  type TutorialStep,
  validatePartnerForm,
} from '@portal/domain';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/fields';
import { SelectField } from '../../../components/ui/SelectField';
import { AdminApiError, adminErrorModal } from '../api/admin';
import {
  getField,
  getImage,
  imageSource,
  partnerLogos,
  setField,
  setImage,
  setPartnerLogo,
} from '../lib/partner-form-state';
import { useAdminFailure } from './AdminLayout';
import { type FieldDef, type ImageDef, PARTNER_SECTIONS } from './partner-form-fields';
import { SubmitButton } from './SubmitButton';

const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/svg+xml';
const TOO_BIG = 'A imagem enviada é maior que 2 MB. Envie uma imagem menor.';
const NOT_IMAGE = 'O arquivo enviado não é uma imagem válida. Envie uma imagem PNG, JPEG, WebP ou SVG.';
const HEX6 = /^#[0-9a-f]{6}$/i;

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

const asText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * The partner form of PostPartners and UpdatePartner (spec 002 §2, §3, §5, §8): identity and codes, colours,
 * header, About, tutorial, partners, contact and hours, omni channels, customization groups and flags, capabilities,
 * images with a preview. Salvar checks the domain rules in the spec's order (message under the field or section,
 * focus there), then `save`; a server field error (`dados.campo`) goes to its field, other failures to a modal with
 * `failText` when the server says nothing. Cancelar and a successful save go back to ListPartners.
 */
export function PartnerForm({
  titleId,
  mode,
  initial,
  companies,
  failText,
  save,
}: {
  titleId: string;
  mode: PartnerFormMode;
  initial: PartnerPayload;
  /** getEmpresas: emp_codigo is one of these (a company on another portal cannot be chosen). */
  companies: CompanyOption[];
  failText: string;
  save: (form: PartnerPayload) => Promise<void>;
}) {
  const navigate = useNavigate();
  const onFailure = useAdminFailure();
  const { showModal } = useFeedback();
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function update(path: string, value: unknown) {
    setForm((current) => setField(current, path, value));
    if (error?.field === path) setError(null);
  }

  function show(field: string, message: string) {
    setError({ field, message });
    // The field itself, or the first control of the section a section rule names ('about', 'tutorial').
    requestAnimationFrame(() => {
      const root = formRef.current;
      const target =
        root?.querySelector<HTMLElement>(`[name="${field}"]`) ??
        root?.querySelector<HTMLElement>(
          `[data-error-key~="${field}"] input, [data-error-key~="${field}"] textarea`,
        );
      target?.focus();
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const failure = validatePartnerForm(form, mode);
    if (failure) return show(failure.field, failure.message);
    setError(null);
    setBusy(true);
    try {
      await save(form);
      navigate('/admin/parceiros');
    } catch (caught) {
      setBusy(false);
      const campo = caught instanceof AdminApiError ? caught.fields.campo : undefined;
      if (campo && caught instanceof AdminApiError && caught.message) return show(campo, caught.message);
      const modal = adminErrorModal(caught);
      if (!modal) return onFailure(caught);
      const silent = caught instanceof AdminApiError && caught.status !== 0 && !caught.message;
      await showModal(silent ? { title: 'Ocorreu um erro', text: failText, style: 'danger' } : modal);
    }
  }

  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  const visible = (field: FieldDef) => !field.updateOnly || mode === 'update';

  function renderField(field: FieldDef) {
    if (!visible(field)) return null;
    const value = getField(form, field.path);
    const common = { label: field.label, name: field.path, hint: field.hint, error: errorFor(field.path) };
    switch (field.kind) {
      case 'flag':
        return (
          <CheckboxField
            key={field.path}
            {...common}
            checked={value === true}
            onChange={(event) => update(field.path, event.target.checked)}
          />
        );
      case 'textarea':
        return (
          <TextAreaField
            key={field.path}
            {...common}
            rows={4}
            value={asText(value)}
            onChange={(event) => update(field.path, event.target.value)}
          />
        );
      case 'color':
        return (
          <ColorField
            key={field.path}
            {...common}
            value={asText(value)}
            onChange={(next) => update(field.path, next)}
          />
        );
      case 'company':
        return (
          <SelectField
            key={field.path}
            label={field.label}
            name={field.path}
            error={common.error}
            options={companyOptions(companies, initial.emp_codigo)}
            value={asText(value)}
            onChange={(event) =>
              update(field.path, event.target.value === '' ? undefined : Number(event.target.value))
            }
          />
        );
      case 'select':
        return (
          <SelectField
            key={field.path}
            label={field.label}
            name={field.path}
            error={common.error}
            options={field.options ?? []}
            value={asText(value)}
            onChange={(event) => update(field.path, event.target.value || undefined)}
          />
        );
      case 'number':
        return (
          <TextField
            key={field.path}
            {...common}
            inputMode="numeric"
            autoComplete="off"
            value={asText(value)}
            onChange={(event) => {
              const digits = event.target.value.replace(/\D/g, '').slice(0, 9);
              update(field.path, digits === '' ? undefined : Number(digits));
            }}
          />
        );
      default:
        return (
          <TextField
            key={field.path}
            {...common}
            type={field.kind === 'time' ? 'time' : field.kind === 'email' ? 'email' : 'text'}
            autoComplete="off"
            value={asText(value)}
            onChange={(event) =>
              update(
                field.path,
                field.kind === 'phone0800' ? mask0800(event.target.value) : event.target.value,
              )
            }
          />
        );
    }
  }

  function renderImage(image: ImageDef) {
    const file = getImage(form, image.section, image.tipoImagem);
    return (
      <ImageField
        key={`${image.section}.${image.tipoImagem}`}
        name={`${image.section}.arquivos.${image.tipoImagem}`}
        label={image.label}
        source={imageSource(file)}
        error={errorFor(`${image.section}.arquivos.${image.tipoImagem}`)}
        onPick={(upload) => setForm((current) => setImage(current, image.section, image.tipoImagem, upload))}
        onInvalid={(message) => show(`${image.section}.arquivos.${image.tipoImagem}`, message)}
      />
    );
  }

  const steps = (getField(form, 'tutorial.steps') as TutorialStep[] | undefined) ?? [];

  return (
    <form
      ref={formRef}
      className="admin-form admin-partner-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
      data-testid="partner-form"
    >
      {PARTNER_SECTIONS.map((section) => {
        const sectionError = section.errorKeys?.map(errorFor).find(Boolean);
        return (
          <fieldset
            key={section.id}
            className="admin-fieldset"
            data-error-key={section.errorKeys?.join(' ') || undefined}
            data-testid={`partner-section-${section.id}`}
          >
            <legend className="admin-fieldset__legend">{section.title}</legend>
            {sectionError && (
              <p className="field__error admin-fieldset__error" role="alert">
                {sectionError}
              </p>
            )}
            {section.id === 'identidade' && (
              <ImageField
                name="logo"
                label="Logotipo"
                source={form.logo || undefined}
                error={errorFor('logo')}
                required
                onPick={(upload) => update('logo', upload?.arquivo ?? '')}
                onInvalid={(message) => show('logo', message)}
              />
            )}
            {section.id === 'identidade' && (
              <ImageField
                name="favicon"
                label="Ícone da aba do navegador (favicon)"
                source={form.favicon || undefined}
                error={errorFor('favicon')}
                onPick={(upload) => update('favicon', upload?.arquivo ?? '')}
                onInvalid={(message) => show('favicon', message)}
              />
            )}
            <div className="admin-fieldset__grid">{section.fields.map(renderField)}</div>
            {section.id === 'passo-a-passo' && (
              <ol className="admin-steps">
                {steps.map((step, index) => (
                  <li key={step.code} className="admin-steps__item">
                    <TextField
                      label={`Título do passo ${index + 1}`}
                      name={`tutorial.steps.${index}.title`}
                      value={step.title ?? ''}
                      onChange={(event) =>
                        update(
                          'tutorial.steps',
                          steps.map((s, i) => (i === index ? { ...s, title: event.target.value } : s)),
                        )
                      }
                    />
                    <TextAreaField
                      label={`Texto do passo ${index + 1}`}
                      name={`tutorial.steps.${index}.text`}
                      rows={2}
                      value={step.text ?? ''}
                      onChange={(event) =>
                        update(
                          'tutorial.steps',
                          steps.map((s, i) => (i === index ? { ...s, text: event.target.value } : s)),
                        )
                      }
                    />
                  </li>
                ))}
              </ol>
            )}
            {section.groups?.map((group) => (
              <fieldset key={group.title} className="admin-fieldset admin-fieldset--group">
                <legend className="admin-fieldset__legend">{group.title}</legend>
                <div className="admin-fieldset__grid">{group.fields.map(renderField)}</div>
              </fieldset>
            ))}
            {section.images && (
              <div className="admin-fieldset__images">{section.images.map(renderImage)}</div>
            )}
            {section.id === 'parceiros' && (
              <div className="admin-fieldset__images" data-testid="partner-logos">
                {[...partnerLogos(form), undefined].map((logo, index) => {
                  const name = `partners.arquivos.${index}`;
                  return (
                    <ImageField
                      key={logo?.identificador ?? 'novo'}
                      name={name}
                      label={logo ? `Logotipo de parceiro ${index + 1}` : 'Adicionar logotipo de parceiro'}
                      source={imageSource(logo)}
                      error={errorFor(name)}
                      onPick={(upload) => setForm((current) => setPartnerLogo(current, index, upload))}
                      onInvalid={(message) => show(name, message)}
                    />
                  );
                })}
              </div>
            )}
          </fieldset>
        );
      })}
      <div className="admin-form__actions admin-partner-form__actions">
        <SubmitButton busy={busy} busyText="Salvando…" className="btn btn--primary" testId="partner-submit">
          Salvar
        </SubmitButton>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => navigate('/admin/parceiros')}
          disabled={busy}
        >
          Cancelar
        </button>
      </div>
    </form>
  );
}

/**
 * The company select's options by name: a company already on another partner's portal says which and is not
 * offered; this partner's own code stays choosable even when it is not (or no longer) a signed-up company.
 */
function companyOptions(companies: CompanyOption[], own: number | undefined) {
  const options = companies
    .filter((company) => company.parceiro === null || company.codigo === own)
    .map((company) => ({
      value: String(company.codigo),
      label: `${company.nome_empresa} (${company.codigo})`,
    }));
  if (own !== undefined && !companies.some((company) => company.codigo === own))
    options.unshift({ value: String(own), label: `Código ${own}` });
  return options;
}

/** A hexadecimal colour typed or picked (the picker only holds #rrggbb, so it follows the text when it can). */
function ColorField({
  label,
  name,
  hint,
  error,
  value,
  onChange,
}: {
  label: string;
  name: string;
  hint?: string | undefined;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="admin-color">
      <TextField
        label={label}
        name={name}
        hint={hint}
        error={error}
        autoComplete="off"
        spellCheck={false}
        placeholder="#00c0fb"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <input
        type="color"
        className="admin-color__picker"
        aria-label={`Escolher ${label.toLowerCase()}`}
        value={HEX6.test(value) ? value.toLowerCase() : '#000000'}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** An image upload with its preview (a new file as a data: URL, checked for type and size before it is sent). */
function ImageField({
  name,
  label,
  source,
  error,
  required = false,
  onPick,
  onInvalid,
}: {
  name: string;
  label: string;
  source: string | undefined;
  error: string | undefined;
  required?: boolean;
  onPick: (upload: { arquivo: string; name: string } | null) => void;
  onInvalid: (message: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.split(',').includes(file.type)) return onInvalid(NOT_IMAGE);
    if (file.size > MAX_IMAGE_BYTES) return onInvalid(TOO_BIG);
    onPick({ arquivo: await readDataUrl(file), name: file.name });
  }

  return (
    <div className={`field admin-image${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="admin-image__row">
        <div className="admin-image__preview">
          {source ? (
            <img src={source} alt={`Pré-visualização: ${label}`} />
          ) : (
            <span className="admin-image__none">Nenhuma imagem</span>
          )}
        </div>
        <div className="admin-image__controls">
          <input
            id={id}
            name={name}
            type="file"
            accept={IMAGE_TYPES}
            className="admin-image__input"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => void pick(event)}
          />
          {source && !required && (
            <button type="button" className="btn btn--ghost" onClick={() => onPick(null)}>
              Remover<span className="sr-only"> {label.toLowerCase()}</span>
            </button>
          )}
        </div>
      </div>
      <p id={errorId} className="field__error field__error--slot">
        {error}
      </p>
    </div>
  );
}
