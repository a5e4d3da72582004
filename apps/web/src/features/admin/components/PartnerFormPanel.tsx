import { PARTNER_SAVED_MESSAGES, type SectionName } from '@portal/domain';
import { useFeedback } from '../../../components/ui/feedback';
import { useSavePartner } from '../api/partners';
import { newPartnerSettings, partnerSettingsOf } from '../lib/partner-form-state';
import { AdminTitle } from './AdminLayout';
import { PartnerForm } from './PartnerForm';
import { usePartnerFormData } from './usePartnerFormData';

export const PARTNER_SCREENS = {
  create: {
    titleId: 'post-partner-title',
    title: 'Cadastrar novo parceiro',
    failText: 'Não foi possivel cadastrar este parceiro',
    saved: PARTNER_SAVED_MESSAGES.created,
  },
  update: {
    titleId: 'update-partner-title',
    title: 'Atualizar parceiro',
    failText: 'Não foi possivel atualizar este parceiro',
    saved: PARTNER_SAVED_MESSAGES.updated,
  },
} as const;

/**
 * PostPartners (no `id`: a new partner with the spec's defaults, spec 002 §3) or UpdatePartner (the stored
 * configuration is the form; what it does not show is sent back unchanged): the heading, the form once its data is
 * there, the save with its snackbar (spec 002 §8); `readOnly` for a staff member who may only read it, and for
 * everyone once the partner is archived.
 */
export function PartnerFormPanel({
  id,
  readOnly,
  administers,
}: {
  id: number | null;
  readOnly?: boolean;
  /** May change the company and the stores (else the form shows them locked). */
  administers?: boolean;
}) {
  const mode = id === null ? 'create' : 'update';
  const screen = PARTNER_SCREENS[mode];
  const { showSnackbar } = useFeedback();
  const data = usePartnerFormData(id);
  const saving = useSavePartner(id);
  return (
    <section className="admin-panel" aria-labelledby={screen.titleId}>
      <AdminTitle id={screen.titleId}>{screen.title}</AdminTitle>
      {data ? (
        <PartnerForm
          // Keyed by version: the reading on open may bring a save made since the cached one (decision 090).
          key={data.details?.versao}
          titleId={screen.titleId}
          mode={mode}
          initial={data.details ? partnerSettingsOf(data.details) : newPartnerSettings()}
          keep={new Set<SectionName>(data.details?.sessoes.map((s) => s.nome))}
          companies={data.companies}
          failText={screen.failText}
          readOnly={readOnly}
          administers={administers}
          archived={Boolean(data.details?.arquivado_em)}
          save={async (form) => {
            // The version it opened on: a save over another's since then is refused, not written back (decision 090).
            await saving.mutateAsync({ ...form, versao: data.details?.versao });
            showSnackbar(screen.saved, 'success');
          }}
        />
      ) : (
        <p className="admin-main__loading" role="status">
          Carregando…
        </p>
      )}
    </section>
  );
}
