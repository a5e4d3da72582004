import { AdminLayout } from '../components/AdminLayout';
import { PartnerFormPanel } from '../components/PartnerFormPanel';

/** PostPartners, 'Cadastrar novo parceiro' (spec 002 §2, §3 form defaults, §5, §8): a new partner, then the list. */
export default function PostPartners() {
  return (
    <AdminLayout>
      <PartnerFormPanel id={null} />
    </AdminLayout>
  );
}
