import { PASSWORD_CHANGE_MESSAGES, parseFixedHosts } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PaymentProviders } from '../integrations/payments/payment-provider';
import type { ImportDeps } from '../services/import/start-portfolio-import';
import { changeStaffPassword } from '../services/staff/change-staff-password';
import { logInStaff, type StaffAuthDeps } from '../services/staff/log-in-staff';
import { logOutStaff } from '../services/staff/log-out-staff';
import { registerAgreementAdminRoutes } from './agreement-admin-routes';
import { registerAuditAdminRoutes } from './audit-admin-routes';
import { lineText } from './body-fields';
import { registerCobrancaAdminRoutes } from './cobranca-admin-routes';
import { registerDashboardRoutes } from './dashboard-routes';
import { registerFaqAdminRoutes } from './faq-admin-routes';
import { registerImportAdminRoutes } from './import-admin-routes';
import { registerLeadAdminRoutes } from './lead-admin-routes';
import { registerPartnerAdminRoutes } from './partner-admin-routes';
import { registerPrivacyAdminRoutes } from './privacy-admin-routes';
import { registerStaffAdminRoutes } from './staff-admin-routes';
import { staffOf, staffOnly } from './staff-auth';
import { registerStoreAdminRoutes } from './store-admin-routes';
import { registerWorkQueueRoutes } from './work-queue-admin-routes';

// Admin API of spec 002 §7 (docs/api.md "Back office"): JSON bodies, bearer token. Login is the one admin call
// without a token. Errors come as `{ message }` (with the envelope fields) from the error handler.

const optionalText = lineText(500).optional().catch(undefined);
const passwordField = lineText(500).default('');
// Any body shape is a failed login like a wrong password, never a 400 that tells the fields apart.
const loginBody = z
  .object({
    username: optionalText,
    password: optionalText,
    captcha: z.string().max(20_000).optional().catch(undefined),
  })
  .catch({ username: undefined, password: undefined, captcha: undefined });
const passwordChangeBody = z.object({
  old_password: passwordField,
  password: passwordField,
  password_confirmation: passwordField,
});

export async function registerAdminRoutes(
  app: FastifyInstance,
  deps: StaffAuthDeps & { providers: PaymentProviders },
  imports: ImportDeps,
): Promise<void> {
  app.post(
    '/api/login',
    // A coarse flood guard per address; the use case counts attempts per address and per user name.
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = loginBody.parse(request.body ?? {});
      return logInStaff(deps, request.ip, body);
    },
  );

  await app.register(
    staffOnly(deps.db, async (admin) => {
      admin.post('/api/logout', { config: { staffAccess: 'own' } }, async (request) => {
        await logOutStaff(deps.db, staffOf(request));
        return { message: 'Sessão encerrada.' };
      });

      registerPartnerAdminRoutes(admin, deps.db, parseFixedHosts(deps.env.PARTNER_HOSTS));
      registerLeadAdminRoutes(admin, deps.db);
      registerDashboardRoutes(admin, deps.db);
      registerFaqAdminRoutes(admin, deps.db);
      registerPrivacyAdminRoutes(admin, deps.db);
      registerStaffAdminRoutes(admin, deps.db);
      registerStoreAdminRoutes(admin, deps.db);
      registerAuditAdminRoutes(admin, deps.db);
      registerAgreementAdminRoutes(admin, deps);
      registerWorkQueueRoutes(admin, deps.db);
      await registerCobrancaAdminRoutes(admin, deps.db);
      await registerImportAdminRoutes(admin, imports);

      admin.get('/api/me', { config: { staffAccess: 'own' } }, async (request) => {
        const staff = staffOf(request);
        return {
          data: {
            id: staff.userId,
            username: staff.username,
            papel: staff.scope.role,
            parceiros: staff.scope.partnerIds,
            trocar_senha: staff.mustChangePassword,
          },
        };
      });

      admin.put(
        '/api/editar_senha',
        { config: { staffAccess: 'own', rateLimit: { max: 20, timeWindow: 60_000 } } },
        async (request) => {
          const input = passwordChangeBody.parse(request.body ?? {});
          await changeStaffPassword(deps, staffOf(request), input);
          return { message: PASSWORD_CHANGE_MESSAGES.success };
        },
      );
    }),
  );
}
