import { COMPANIES_NOT_FOUND, type CompanyOption, type PartnerForm } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { AdminApiError } from '../api/admin';
import { listCompanies } from '../api/partners';
import { useAdminFailure } from './AdminLayout';

/**
 * What the partner form opens with (spec 002 §4: "Partner edit loads the companies list, then the partner; if the
 * partner is missing it goes to ListPartners"): the companies first ('Empresas não encontradas' and back to the
 * list when there are none to choose from), then the form from `load`. Null while loading.
 */
export function usePartnerFormData(
  load: () => Promise<PartnerForm>,
): { companies: CompanyOption[]; initial: PartnerForm } | null {
  const navigate = useNavigate();
  const onFailure = useAdminFailure();
  const { showModal } = useFeedback();
  const [data, setData] = useState<{ companies: CompanyOption[]; initial: PartnerForm } | null>(null);

  useEffect(() => {
    let active = true;
    const backToList = () => navigate('/admin/parceiros', { replace: true });
    (async () => {
      let companies: CompanyOption[];
      try {
        companies = await listCompanies();
      } catch (error) {
        if (!active) return;
        if (error instanceof AdminApiError && error.unauthenticated) return onFailure(error);
        companies = [];
      }
      if (!active) return;
      if (companies.length === 0) {
        await showModal({ title: 'Ocorreu um erro', text: COMPANIES_NOT_FOUND, style: 'danger' });
        return backToList();
      }
      try {
        const initial = await load();
        if (active) setData({ companies, initial });
      } catch (error) {
        if (!active) return;
        await onFailure(error);
        if (!(error instanceof AdminApiError && error.unauthenticated)) backToList();
      }
    })();
    return () => {
      active = false;
    };
  }, [load, navigate, onFailure, showModal]);

  return data;
}
