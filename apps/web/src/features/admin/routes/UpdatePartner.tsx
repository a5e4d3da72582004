import { Navigate, useParams } from 'react-router';
import { AdminLayout, useStaffWrites } from '../components/AdminLayout';
import { PartnerFormPanel } from '../components/PartnerFormPanel';

/**
 * UpdatePartner, 'Atualizar parceiro' (spec 002 §2, params identificador and id; §4: a partner that is not there
 * goes back to ListPartners). A role that only reads sees the form read-only, and so does everyone for an archived
 * partner.
 */
export default function UpdatePartner() {
  const { id } = useParams<{ identificador: string; id: string }>();
  const partnerId = /^\d{1,9}$/.test(id ?? '') ? Number(id) : 0;
  return (
    <AdminLayout>
      {partnerId > 0 ? <EditPartner key={partnerId} id={partnerId} /> : <Navigate to="/admin/parceiros" />}
    </AdminLayout>
  );
}

function EditPartner({ id }: { id: number }) {
  return (
    <PartnerFormPanel id={id} readOnly={!useStaffWrites()} administers={useStaffWrites('administration')} />
  );
}
