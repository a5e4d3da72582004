import { AdminLayout, StaffOnly } from '../components/AdminLayout';
import { PARTNER_SCREENS, PartnerFormPanel } from '../components/PartnerFormPanel';

/**
 * PostPartners, 'Cadastrar novo parceiro' (spec 002 §2, §3 form defaults, §5, §8): a new partner, then the list; only
 * the roles that create partners (decision 024) get the form.
 */
export default function PostPartners() {
  return (
    <AdminLayout>
      <StaffOnly access="administration" title={PARTNER_SCREENS.create.title}>
        <PartnerFormPanel id={null} />
      </StaffOnly>
    </AdminLayout>
  );
}
