import { COMPANIES_NOT_FOUND, type CompanyOption } from '@portal/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../components/ui/feedback';
import { AdminApiError } from '../api/admin';
import { type PartnerDetails, useCompanies, usePartner } from '../api/partners';
import { useAdminFailure } from './AdminLayout';

const unauthenticated = (error: unknown) => error instanceof AdminApiError && error.unauthenticated;

/**
 * What the partner form opens with (spec 002 §4: "Partner edit loads the companies list, then the partner; if the
 * partner is missing it goes to ListPartners"): the companies first ('Empresas não encontradas' and back to the
 * list when there are none to choose from), then, to edit one (`id`), the partner. Null while loading.
 */
export function usePartnerFormData(
  id: number | null,
): { companies: CompanyOption[]; details: PartnerDetails | null } | null {
  const navigate = useNavigate();
  const onFailure = useAdminFailure();
  const { showModal } = useFeedback();
  const companies = useCompanies();
  const choosable = companies.isSuccess && companies.data.length > 0;
  const partner = usePartner(id ?? 0, id !== null && choosable);

  useEffect(() => {
    const backToList = () => navigate('/admin/parceiros', { replace: true });
    if (companies.isError && unauthenticated(companies.error)) void onFailure(companies.error);
    else if (companies.isError || (companies.isSuccess && companies.data.length === 0))
      void showModal({ title: 'Ocorreu um erro', text: COMPANIES_NOT_FOUND, style: 'danger' }).then(
        backToList,
      );
    else if (partner.isError)
      void onFailure(partner.error).then(() => {
        if (!unauthenticated(partner.error)) backToList();
      });
  }, [
    companies.isError,
    companies.isSuccess,
    companies.data,
    companies.error,
    partner.isError,
    partner.error,
    navigate,
    onFailure,
    showModal,
  ]);

  if (!choosable) return null;
  if (id === null) return { companies: companies.data, details: null };
  return partner.isSuccess ? { companies: companies.data, details: partner.data } : null;
}
