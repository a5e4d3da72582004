import { PARTNER_SAVED_MESSAGES } from '@portal/domain';
import { useCallback } from 'react';
import { useFeedback } from '../../../components/ui/feedback';
import { createPartner } from '../api/partners';
import { AdminLayout } from '../components/AdminLayout';
import { PartnerForm } from '../components/PartnerForm';
import { usePartnerFormData } from '../components/usePartnerFormData';
import { newPartnerForm, withoutEmptySections } from '../lib/partner-form-state';

/** PostPartners, 'Cadastrar novo parceiro' (spec 002 §2, §3 form defaults, §5, §8): a new partner, then the list. */
export default function PostPartners() {
  return (
    <AdminLayout>
      <NewPartner />
    </AdminLayout>
  );
}

function NewPartner() {
  const { showSnackbar } = useFeedback();
  const load = useCallback(async () => newPartnerForm(), []);
  const data = usePartnerFormData(load);
  return (
    <section className="admin-panel" aria-labelledby="post-partner-title">
      <h1 id="post-partner-title" className="admin-panel__title">
        Cadastrar novo parceiro
      </h1>
      {data ? (
        <PartnerForm
          titleId="post-partner-title"
          mode="create"
          initial={data.initial}
          companies={data.companies}
          failText="Não foi possivel cadastrar este parceiro"
          save={async (form) => {
            await createPartner(withoutEmptySections(form));
            showSnackbar(PARTNER_SAVED_MESSAGES.created, 'success');
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
