import { PARTNER_SAVED_MESSAGES } from '@portal/domain';
import { useCallback } from 'react';
import { Navigate, useParams } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { getPartner, updatePartner } from '../api/partners';
import { AdminLayout } from '../components/AdminLayout';
import { PartnerForm } from '../components/PartnerForm';
import { usePartnerFormData } from '../components/usePartnerFormData';
import { partnerFormFrom } from '../lib/partner-form-state';

/**
 * UpdatePartner, 'Atualizar parceiro' (spec 002 §2, params identificador and id; §4: a partner that is not there
 * goes back to ListPartners). The stored configuration is the form; what it does not show is sent back unchanged.
 */
export default function UpdatePartner() {
  const { id } = useParams<{ identificador: string; id: string }>();
  const partnerId = /^\d{1,9}$/.test(id ?? '') ? Number(id) : 0;
  return (
    <AdminLayout>
      {partnerId > 0 ? <EditPartner id={partnerId} /> : <Navigate to="/admin/parceiros" />}
    </AdminLayout>
  );
}

function EditPartner({ id }: { id: number }) {
  const { showSnackbar } = useFeedback();
  const load = useCallback(async () => partnerFormFrom(await getPartner(id)), [id]);
  const data = usePartnerFormData(load);

  return (
    <section className="admin-panel" aria-labelledby="update-partner-title">
      <h1 id="update-partner-title" className="admin-panel__title">
        Atualizar parceiro
      </h1>
      {data ? (
        <PartnerForm
          titleId="update-partner-title"
          mode="update"
          initial={data.initial}
          companies={data.companies}
          failText="Não foi possivel atualizar este parceiro"
          save={async (form) => {
            await updatePartner(id, form);
            showSnackbar(PARTNER_SAVED_MESSAGES.updated, 'success');
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
