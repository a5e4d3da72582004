import type { StaffMemberItem } from '@portal/domain';
import type { Db } from '../../db/client';
import { listStaffMembers as listRows, type StaffMemberRow } from '../../repositories/staff-repository';

export function toStaffMemberItem(row: StaffMemberRow): StaffMemberItem {
  return {
    id: row.id,
    usuario: row.username,
    papel: row.role,
    parceiros: row.partners.map((partner) => ({ id: partner.id, nome: partner.name })),
    ativo: row.disabledAt === null,
    trocar_senha: row.mustChangePassword,
    criado_em: row.createdAt.toISOString(),
  };
}

/** GET /api/equipe (administrators): every staff member by user name, with role, partners and whether active. */
export async function listStaffMembers(db: Db): Promise<StaffMemberItem[]> {
  return (await listRows(db)).map(toStaffMemberItem);
}
