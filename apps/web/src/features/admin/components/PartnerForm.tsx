import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CompanyOption,
  mask0800,
  PARTNER_ARCHIVED_MESSAGE,
  PARTNER_FORM_SECTIONS,
  type PartnerFormFile,
  type PartnerFormMode,
  type PartnerImageSlot,
  type PartnerForm as PartnerPayload,
  type PartnerSettingDef,
  type PartnerSettings,
  partnerFormFrom,
  partnerFormSchema,
  portugueseZodError,
  type SectionName,
  type TutorialStep,
} from '@portal/domain';
import { type ChangeEvent, useId, useMemo, useRef } from 'react';
import {
  type FieldErrors,
  get,
  type Resolver,
  useController,
  useForm,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Form } from '../../../components/form/Form';
import { CheckboxInput, SelectInput, TextAreaInput, TextInput } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { AdminApiError } from '../api/admin';
import { findImage, imageSource, withImage, withPartnerLogo } from '../lib/partner-form-state';
import { StaffFormFields, useAdminFailure } from './AdminLayout';
import { useLeaveGuard } from './useLeaveGuard';

const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/svg+xml';
const TOO_BIG = 'A imagem enviada é maior que 2 MB. Envie uma imagem menor.';
const NOT_IMAGE = 'O arquivo enviado não é uma imagem válida. Envie uma imagem PNG, JPEG, WebP ou SVG.';
const HEX6 = /^#[0-9a-f]{6}$/i;
const LIST = '/admin/parceiros';

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

type ErrorEntry = { message?: unknown; root?: { message?: unknown } } | undefined;

/**
 * The message at `path` (a field, a section rule, an image). A rule on a list of fields (the tutorial's four steps)
 * is kept by react-hook-form under the list's `root`.
 */
function errorAt(errors: FieldErrors, path: string): string | undefined {
  const entry = get(errors, path) as ErrorEntry;
  const message = entry?.message ?? entry?.root?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The path of the one message the rules give (they stop at the first broken one); a list's rule is the list's. */
function firstErrorPath(errors: FieldErrors, prefix = ''): string | null {
  for (const [key, value] of Object.entries(errors)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value.message === 'string') return key === 'root' && prefix ? prefix : path;
    const inner = value && typeof value === 'object' ? firstErrorPath(value as FieldErrors, path) : null;
    if (inner) return inner;
  }
  return null;
}

/**
 * The form's name of the field a server refusal names (`dados.campo`): the server names a section's image by its
 * place in the section's `arquivos` as sent (`header.arquivos.1`), the form by its slot (`header.arquivos.mobile`);
 * the partners strip's logos go by their place in both.
 */
function formFieldOf(campo: string, values: PartnerSettings): string {
  const image = /^(\w+)\.arquivos\.(\d+)$/.exec(campo);
  if (!image?.[1] || image[1] === 'partners') return campo;
  const file = values.arquivos?.[image[1] as SectionName]?.[Number(image[2])];
  return file ? `${image[1]}.arquivos.${file.tipoImagem}` : campo;
}

/**
 * The partner form of PostPartners and UpdatePartner (spec 002 §2, §3, §5, §8): its sections and fields are the
 * settings declared in the domain (partner-settings.ts), plus the logo, favicon and images with a preview. Salvar
 * checks the domain rules in the spec's order (message under the field or section, focus there), then saves; a
 * server field error (`dados.campo`) goes to its field, other failures to a modal with `failText` when the server
 * says nothing. Cancelar and a successful save go back to ListPartners; leaving with unsaved edits asks first.
 * Issue 18 item 9: an index of the sections, and Salvar stays in view (a bar fixed to the bottom of the screen).
 * A role that only reads, or anyone when the partner is `archived` (the server refuses its changes: decision 014),
 * reads it with the fields disabled and no Salvar.
 */
export function PartnerForm({
  titleId,
  mode,
  initial,
  keep,
  companies,
  failText,
  save,
  readOnly = false,
  archived = false,
  administers = true,
}: {
  titleId: string;
  mode: PartnerFormMode;
  initial: PartnerSettings;
  /** The sections the partner has: sent even when emptied (that is how one is cleared). */
  keep: ReadonlySet<SectionName>;
  /** getEmpresas: emp_codigo is one of these (a company on another portal cannot be chosen). */
  companies: CompanyOption[];
  failText: string;
  /** Sends the payload; resolves once the server has it. */
  save: (form: PartnerPayload) => Promise<unknown>;
  /** The staff member may only read the partner: the fields disabled, no Salvar. */
  readOnly?: boolean;
  archived?: boolean;
  /** An administrator: may change the company and the stores (an operator's save keeps them, decision 024). */
  administers?: boolean;
}) {
  const navigate = useNavigate();
  const onFailure = useAdminFailure(failText);
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useRef(false);
  const writes = !readOnly && !archived;
  // What every field of the form reads besides its own definition.
  const fieldContext = { mode, companies, own: initial.emp_codigo, administers };
  const resolver = useMemo(
    // The schema's output is the payload: codes as numbers, '' of a select as absent, unknown keys dropped.
    () =>
      zodResolver(partnerFormSchema(mode), {
        error: portugueseZodError,
      }) as unknown as Resolver<PartnerSettings>,
    [mode],
  );
  const form = useForm<PartnerSettings>({
    resolver,
    defaultValues: initial,
    // The rules answer one message at a time (the first broken one), so they are asked on Salvar; a field's
    // message goes as it is edited.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { isDirty, isSubmitting } = form.formState;
  useLeaveGuard(isDirty, saved);

  function focus(field: string) {
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

  function show(field: string, message: string) {
    form.setError(field as never, { type: 'server', message });
    focus(field);
  }

  async function submit(values: PartnerSettings) {
    try {
      await save(partnerFormFrom(values, keep));
    } catch (caught) {
      const campo = caught instanceof AdminApiError ? caught.fields.campo : undefined;
      if (campo && caught instanceof AdminApiError && caught.message)
        return show(formFieldOf(campo, values), caught.message);
      return onFailure(caught);
    }
    saved.current = true;
    navigate(LIST);
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      onInvalidSubmit={(errors) => {
        const path = firstErrorPath(errors);
        if (path) focus(path);
      }}
      ref={formRef}
      className="admin-form admin-partner-form"
      aria-labelledby={titleId}
      data-testid="partner-form"
    >
      <SectionIndex />
      <StaffFormFields writes={writes} because={archived ? PARTNER_ARCHIVED_MESSAGE : undefined}>
        {PARTNER_FORM_SECTIONS.map((section) => (
          <fieldset
            key={section.id}
            id={sectionAnchor(section.id)}
            tabIndex={-1}
            className="admin-fieldset"
            data-error-key={section.errorKeys.join(' ') || undefined}
            data-testid={`partner-section-${section.id}`}
          >
            <legend className="admin-fieldset__legend">{section.title}</legend>
            <SectionError keys={section.errorKeys} />
            {section.id === 'identidade' && (
              <>
                <TopImage name="logo" label="Logotipo" required onInvalid={show} />
                <TopImage name="favicon" label="Ícone da aba do navegador (favicon)" onInvalid={show} />
              </>
            )}
            <Fields fields={section.fields} {...fieldContext} />
            {section.id === 'passo-a-passo' && <TutorialSteps />}
            {section.groups.map((group) => (
              <fieldset key={group.title} className="admin-fieldset admin-fieldset--group">
                <legend className="admin-fieldset__legend">{group.title}</legend>
                <Fields fields={group.fields} {...fieldContext} />
              </fieldset>
            ))}
            {section.images.length > 0 && (
              <div className="admin-fieldset__images">
                {section.images.map((slot) => (
                  <SectionImage key={`${slot.section}.${slot.tipoImagem}`} slot={slot} onInvalid={show} />
                ))}
              </div>
            )}
            {section.id === 'parceiros' && <PartnerLogos onInvalid={show} />}
          </fieldset>
        ))}
      </StaffFormFields>
      <div className="admin-form__actions admin-partner-form__actions">
        {writes && (
          <SubmitButton
            busy={isSubmitting}
            busyText="Salvando…"
            className="btn btn--primary"
            testId="partner-submit"
          >
            Salvar
          </SubmitButton>
        )}
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => navigate(LIST)}
          disabled={isSubmitting}
        >
          {writes ? 'Cancelar' : 'Voltar'}
        </button>
      </div>
    </Form>
  );
}

const sectionAnchor = (id: string) => `secao-${id}`;

/**
 * The form's sections as links (issue 18 item 9): a side index on a wide screen, a row of links above the form on a
 * phone. A link scrolls its section into view and moves the focus there, without touching the address (the leave
 * guard watches navigations).
 */
function SectionIndex() {
  return (
    <nav className="admin-partner-form__index" aria-label="Seções do formulário" data-testid="partner-index">
      <ol>
        {PARTNER_FORM_SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              className="admin-partner-form__link"
              href={`#${sectionAnchor(section.id)}`}
              onClick={(event) => {
                event.preventDefault();
                const target = document.getElementById(sectionAnchor(section.id));
                target?.scrollIntoView({ block: 'start' });
                target?.focus({ preventScroll: true });
              }}
            >
              {/* Told apart from the menu's links of the same name (the Parceiros section, say). */}
              <span className="sr-only">Ir para a seção </span>
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A section rule's message (About all-or-nothing, the tutorial), above the section's fields. */
function SectionError({ keys }: { keys: string[] }) {
  const { errors } = useFormContext<PartnerSettings>().formState;
  const message = keys.map((key) => errorAt(errors, key)).find(Boolean);
  return message ? (
    <p className="field__error admin-fieldset__error" role="alert">
      {message}
    </p>
  ) : null;
}

function Fields({
  fields,
  mode,
  companies,
  own,
  administers,
}: {
  fields: PartnerSettingDef[];
  mode: PartnerFormMode;
  companies: CompanyOption[];
  own: number | null | undefined;
  administers: boolean;
}) {
  return (
    <div className="admin-fieldset__grid">
      {fields
        .filter((field) => !field.updateOnly || mode === 'update')
        .map((field) => (
          <Field key={field.path} field={field} companies={companies} own={own} administers={administers} />
        ))}
    </div>
  );
}

function Field({
  field,
  companies,
  own,
  administers,
}: {
  field: PartnerSettingDef;
  companies: CompanyOption[];
  own: number | null | undefined;
  administers: boolean;
}) {
  // The subdomain, the company and the stores are an administrator's (decisions 024, 087): an operator's save keeps them.
  const locked = field.administratorOnly === true && !administers;
  const common = {
    name: field.path,
    label: field.label,
    hint: locked ? 'Somente um administrador altera este campo.' : field.hint,
    disabled: locked,
  };
  switch (field.kind) {
    case 'flag':
      return <CheckboxInput {...common} />;
    case 'textarea':
      return <TextAreaInput {...common} rows={4} />;
    case 'color':
      return <ColorInput {...common} label={field.label ?? ''} />;
    case 'company':
      return (
        <SelectInput
          name={field.path}
          label={field.label ?? ''}
          options={companyOptions(companies, own)}
          disabled={locked}
        />
      );
    case 'select':
      return <SelectInput name={field.path} label={field.label ?? ''} options={[...(field.options ?? [])]} />;
    case 'phone0800':
      return <TextInput {...common} autoComplete="off" mask={mask0800} />;
    default:
      return (
        <TextInput
          {...common}
          autoComplete="off"
          type={field.kind === 'time' ? 'time' : field.kind === 'email' ? 'email' : 'text'}
        />
      );
  }
}

/**
 * The company select's options by name: a company already on another partner's portal says which and is not
 * offered; this partner's own code stays choosable even when it is not (or no longer) a signed-up company.
 */
function companyOptions(companies: CompanyOption[], own: number | null | undefined) {
  const options = companies
    .filter((company) => company.parceiro === null || company.codigo === own)
    .map((company) => ({
      value: String(company.codigo),
      label: `${company.nome_empresa} (${company.codigo})`,
    }));
  if (typeof own === 'number' && !companies.some((company) => company.codigo === own))
    options.unshift({ value: String(own), label: `Código ${own}` });
  return options;
}

/** A hexadecimal colour typed or picked (the picker only holds #rrggbb, so it follows the text when it can). */
function ColorInput({ name, label, hint }: { name: string; label: string; hint?: string | undefined }) {
  const { control } = useFormContext<PartnerSettings>();
  const { field } = useController({ control, name: name as never });
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <div className="admin-color">
      <TextInput
        name={name}
        label={label}
        hint={hint}
        autoComplete="off"
        spellCheck={false}
        placeholder="#00c0fb"
      />
      <input
        type="color"
        className="admin-color__picker"
        aria-label={`Escolher ${label.toLowerCase()}`}
        value={HEX6.test(value) ? value.toLowerCase() : '#000000'}
        onChange={(event) => field.onChange(event.target.value)}
      />
    </div>
  );
}

function TutorialSteps() {
  const steps =
    (useWatch<PartnerSettings>({ name: 'tutorial.steps' as never }) as TutorialStep[] | undefined) ?? [];
  return (
    <ol className="admin-steps">
      {steps.map((step, index) => (
        <li key={step.code} className="admin-steps__item">
          <TextInput label={`Título do passo ${index + 1}`} name={`tutorial.steps.${index}.title`} />
          <TextAreaInput
            label={`Texto do passo ${index + 1}`}
            name={`tutorial.steps.${index}.text`}
            rows={2}
          />
        </li>
      ))}
    </ol>
  );
}

type InvalidImage = (name: string, message: string) => void;

/** The form's value at `name` and a setter that marks the form edited. */
function useImageValue<T>(name: string) {
  const { setValue, clearErrors, formState } = useFormContext<PartnerSettings>();
  const value = useWatch<PartnerSettings>({ name: name as never }) as T | undefined;
  const set = (next: T) => {
    clearErrors(name as never);
    setValue(name as never, next as never, { shouldDirty: true });
  };
  return { value, set, error: errorAt(formState.errors, name) };
}

/** The logo or the favicon: a data: URL of a new upload, or the stored image's URL. */
function TopImage({
  name,
  label,
  required = false,
  onInvalid,
}: {
  name: 'logo' | 'favicon';
  label: string;
  required?: boolean;
  onInvalid: InvalidImage;
}) {
  const { value, set, error } = useImageValue<string>(name);
  return (
    <ImageField
      name={name}
      label={label}
      source={value || undefined}
      error={error}
      required={required}
      onPick={(upload) => set(upload?.arquivo ?? '')}
      onInvalid={(message) => onInvalid(name, message)}
    />
  );
}

function SectionImage({ slot, onInvalid }: { slot: PartnerImageSlot; onInvalid: InvalidImage }) {
  const { value, set } = useImageValue<PartnerFormFile[]>(`arquivos.${slot.section}`);
  const name = `${slot.section}.arquivos.${slot.tipoImagem}`;
  const { formState } = useFormContext<PartnerSettings>();
  return (
    <ImageField
      name={name}
      label={slot.label}
      source={imageSource(findImage(value, slot.tipoImagem))}
      error={errorAt(formState.errors, name)}
      onPick={(upload) => set(withImage(value, slot.section, slot.tipoImagem, upload))}
      onInvalid={(message) => onInvalid(name, message)}
    />
  );
}

/** The "Parceiros" section's logos, in order, then a slot to add one. */
function PartnerLogos({ onInvalid }: { onInvalid: InvalidImage }) {
  const { value: logos = [], set } = useImageValue<PartnerFormFile[]>('arquivos.partners');
  const { formState } = useFormContext<PartnerSettings>();
  return (
    <div className="admin-fieldset__images" data-testid="partner-logos">
      {[...logos, undefined].map((logo, index) => {
        const name = `partners.arquivos.${index}`;
        return (
          <ImageField
            key={logo?.identificador ?? 'novo'}
            name={name}
            label={logo ? `Logotipo de parceiro ${index + 1}` : 'Adicionar logotipo de parceiro'}
            source={imageSource(logo)}
            error={errorAt(formState.errors, name)}
            onPick={(upload) => set(withPartnerLogo(logos, index, upload))}
            onInvalid={(message) => onInvalid(name, message)}
          />
        );
      })}
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
