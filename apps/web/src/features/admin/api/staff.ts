import type {
  StaffAccessInput,
  StaffMemberInput,
  StaffMemberItem,
  StaffTemporaryPassword,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminCall, READ_ON_OPEN } from './admin';

// Staff management (docs/api.md "Staff"; administrators only): the list, a new member, role and partners, disable
// and password reset. A temporary password comes in the answer of the call that set it, once.

export const staffListKey = [ADMIN_KEY, 'staff'] as const;

export const useStaffMembers = () =>
  useQuery({
    queryKey: staffListKey,
    queryFn: async () => (await adminCall<{ data: StaffMemberItem[] }>('GET', '/api/equipe')).data,
    ...READ_ON_OPEN,
  });

/** A new member (no id) or a member's role and partners; the list is read again afterwards. */
export function useSaveStaffMember(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: StaffMemberInput) => {
      if (id !== undefined) {
        const access: StaffAccessInput = { papel: input.papel, parceiros: input.parceiros };
        await adminCall<{ data: StaffMemberItem }>('PUT', `/api/equipe/${id}`, access);
        return null;
      }
      return (await adminCall<{ data: StaffTemporaryPassword }>('POST', '/api/equipe', input)).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffListKey }),
  });
}

export const disableStaffMember = (id: number) =>
  adminCall<{ message: string }>('POST', `/api/equipe/${id}/desativar`);

export const enableStaffMember = (id: number) =>
  adminCall<{ message: string }>('POST', `/api/equipe/${id}/reativar`);

export const resetStaffPassword = async (id: number) =>
  (await adminCall<{ data: StaffTemporaryPassword }>('POST', `/api/equipe/${id}/senha`)).data;
