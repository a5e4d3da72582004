import { type ReactNode, Suspense, startTransition, useEffect, useMemo, useState } from 'react';
import {
  createBrowserRouter,
  createStaticHandler,
  createStaticRouter,
  Navigate,
  Outlet,
  type RouteObject,
  RouterProvider,
  ScrollRestoration,
  type StaticHandlerContext,
  StaticRouterProvider,
  useLocation,
  useNavigate,
} from 'react-router';
import { OfflineNotice } from '../components/ui/OfflineNotice';
import { QueryProvider } from '../components/ui/QueryProvider';
import { prefetchDebtorPage } from '../features/debts/api/prefetch';
import { LandPageParceiro } from '../features/landing/routes/LandPageParceiro';
// The privacy portal's frame renders on the server (its tabs are lazy inside it).
import PrivacyPortal from '../features/privacy/routes/PrivacyPortal';
import { lazyWithRetry } from '../lib/lazy-with-retry';
import { usePartner } from '../lib/partner';
import { queryClient } from '../lib/query-client';
import { PageFrame } from './PageFrame';
import { type PageNavigateOptions, PageNavigationContext } from './page-navigation';
import { RouteError } from './RouteError';
import { SessionEnd } from './SessionEnd';

// The app's router (React Router, data mode) and everything only it needs, in one lazy chunk: the landing page
// starts without it (decision 018) and loads it on its first navigation; every other page starts with it.

// The identification screens share one lazy chunk (features/identification/screens.ts), which the landing page
// also uses for its login panel; the debtor-area screens another (features/debts/screens.ts). The menu, which the
// login fetches while it is being checked, is a chunk of its own. The landing page itself is in the entry chunk (it
// is the LCP route).
const loadScreens = () => import('../features/identification/screens');
type ScreenName = Exclude<keyof Awaited<ReturnType<typeof loadScreens>>, 'LoginPanel'>;
const screen = (name: ScreenName) => lazyWithRetry(() => loadScreens().then((m) => ({ default: m[name] })));
const ConfirmBirthday = screen('ConfirmBirthday');
const Register = screen('Register');
const ConfirmUser = screen('ConfirmUser');
const VerifyToken = screen('VerifyToken');
const ResetPhone = screen('ResetPhone');
const NewPhone = screen('NewPhone');
const loadDebtScreens = () => import('../features/debts/screens');
const debtScreen = (name: keyof Awaited<ReturnType<typeof loadDebtScreens>>) =>
  lazyWithRetry(() => loadDebtScreens().then((m) => ({ default: m[name] })));
const AccordionTabs = lazyWithRetry(() => import('../features/debts/routes/AccordionTabs'));
const MyDebits = debtScreen('MyDebits');
const MyAgreements = debtScreen('MyAgreements');
const Faq = debtScreen('Faq');
const TalkToUs = debtScreen('TalkToUs');
const loadAdminScreens = () => import('../features/admin/screens');
const adminScreen = (name: keyof Awaited<ReturnType<typeof loadAdminScreens>>) =>
  lazyWithRetry(() => loadAdminScreens().then((m) => ({ default: m[name] })));
const StaffLogin = adminScreen('StaffLogin');
const AdminHome = adminScreen('AdminHome');
const ChangePassword = adminScreen('ChangePassword');
const ListPartners = adminScreen('ListPartners');
const ListQuestions = adminScreen('ListQuestions');
const PostPartners = adminScreen('PostPartners');
const UpdatePartner = adminScreen('UpdatePartner');
const PostQuestions = adminScreen('PostQuestions');
const UpdateQuestions = adminScreen('UpdateQuestions');
const ListLeads = adminScreen('ListLeads');
const Dashboard = adminScreen('Dashboard');
const ListPrivacyRequests = adminScreen('ListPrivacyRequests');
const Cobranca = adminScreen('Cobranca');
const ListJobApplications = adminScreen('ListJobApplications');
const ListStaff = adminScreen('ListStaff');
const StaffMember = adminScreen('StaffMember');
const ListAudit = adminScreen('ListAudit');
const ImportPortfolio = adminScreen('ImportPortfolio');
const ListStores = adminScreen('ListStores');
const Store = adminScreen('Store');
const ListAgreements = adminScreen('ListAgreements');
const AgreementPage = adminScreen('AgreementPage');
const ListPayments = adminScreen('ListPayments');
const ListUnappliedMoney = adminScreen('ListUnappliedMoney');
const ListWorkQueue = adminScreen('ListWorkQueue');
const WorkItemScreen = adminScreen('WorkItemScreen');
const WorkWithUs = lazyWithRetry(() =>
  import('../features/jobs/screens').then((m) => ({ default: m.WorkWithUs })),
);
const SendProposal = lazyWithRetry(() =>
  import('../features/leads/screens').then((m) => ({ default: m.SendProposal })),
);
const TermsLGPD = lazyWithRetry(() =>
  import('../features/legal/screens').then((m) => ({ default: m.TermsLGPD })),
);
const MyData = lazyWithRetry(() =>
  import('../features/my-data/screens').then((m) => ({ default: m.MyData })),
);
const loadCreditorScreens = () => import('../features/creditors/screens');
const RegisterCreditor = lazyWithRetry(() =>
  loadCreditorScreens().then((m) => ({ default: m.RegisterCreditor })),
);
const CreditorSignUp = lazyWithRetry(() =>
  loadCreditorScreens().then((m) => ({ default: m.CreditorSignUp })),
);

const PAGES: RouteObject[] = [
  { path: '/', element: <LandPageParceiro /> },
  { path: '/confirmar-dados', element: <ConfirmBirthday /> },
  { path: '/cadastro', element: <Register /> },
  { path: '/primeiro-acesso', element: <ConfirmUser /> },
  { path: '/verificar-token', element: <VerifyToken /> },
  { path: '/esqueci-telefone', element: <ResetPhone /> },
  { path: '/novo-telefone', element: <NewPhone /> },
  { path: '/menu', element: <AccordionTabs /> },
  { path: '/menu/:cpf', element: <AccordionTabs /> },
  { path: '/minhas-dividas', element: <MyDebits /> },
  { path: '/minhas-dividas/:cpf', element: <MyDebits /> },
  // Spec 001 §2 MyAgreements (Meus Boletos where the partner only issues boletos).
  { path: '/meus-acordos', element: <MyAgreements /> },
  { path: '/duvidas', element: <Faq /> },
  { path: '/fale-conosco', element: <TalkToUs /> },
  // Spec 002 §2 TermsLGPD; ?aba=politicaDePrivacidade opens the second tab.
  { path: '/politica-de-privacidade', element: <TermsLGPD /> },
  // Issue 6 item 1 (beyond the spec): the identified person's export and erasure.
  { path: '/meus-dados', element: <MyData /> },
  // Spec 002 §2: RegisterCreditor, and the sign-up wizard its e-mailed link opens (:id is the lead's code).
  { path: '/seja-parceiro', element: <RegisterCreditor /> },
  { path: '/cadastre-sua-empresa', element: <CreditorSignUp /> },
  { path: '/cadastre-sua-empresa/:id', element: <CreditorSignUp /> },
  // Spec 000 §2 PrivacyPortal; ?aba=politicaDePrivacidade or seusDireitos opens another tab.
  { path: '/portal-de-privacidade', element: <PrivacyPortal /> },
  // Spec 002 §2 WorkWithUs: partners without workWithUsMenu are sent to the landing page.
  { path: '/trabalhe-conosco', element: <WorkWithUs /> },
  // Spec 002 §3 Lead: the creditor-lead form with the CEP lookup.
  { path: '/envie-sua-proposta', element: <SendProposal /> },
  // Spec 002 §2: /login and /logout are the same staff login screen; /admin and its children need a staff token.
  { path: '/login', element: <StaffLogin /> },
  { path: '/logout', element: <StaffLogin /> },
  { path: '/admin', element: <AdminHome /> },
  { path: '/admin/alterar-senha', element: <ChangePassword /> },
  { path: '/admin/parceiros', element: <ListPartners /> },
  { path: '/admin/cadastrar-parceiro', element: <PostPartners /> },
  { path: '/admin/atualizar-parceiro/:identificador/:id', element: <UpdatePartner /> },
  { path: '/admin/duvidas', element: <ListQuestions /> },
  { path: '/admin/cadastrar-duvida', element: <PostQuestions /> },
  { path: '/admin/atualizar-duvida/:codigo', element: <UpdateQuestions /> },
  { path: '/admin/leads', element: <ListLeads /> },
  // The operations dashboard (issue 5 item 6, beyond the spec).
  { path: '/admin/painel', element: <Dashboard /> },
  { path: '/admin/privacidade', element: <ListPrivacyRequests /> },
  { path: '/admin/cobranca', element: <Cobranca /> },
  { path: '/admin/candidaturas', element: <ListJobApplications /> },
  { path: '/admin/equipe', element: <ListStaff /> },
  { path: '/admin/equipe/:id', element: <StaffMember /> },
  { path: '/admin/auditoria', element: <ListAudit /> },
  { path: '/admin/importacao', element: <ImportPortfolio /> },
  { path: '/admin/lojas', element: <ListStores /> },
  { path: '/admin/lojas/:id', element: <Store /> },
  { path: '/admin/acordos', element: <ListAgreements /> },
  { path: '/admin/acordos/:id', element: <AgreementPage /> },
  { path: '/admin/pagamentos', element: <ListPayments /> },
  { path: '/admin/nao-aplicados', element: <ListUnappliedMoney /> },
  { path: '/admin/filas', element: <Navigate to="/admin/filas/propostas" replace /> },
  { path: '/admin/filas/:fila', element: <ListWorkQueue /> },
  { path: '/admin/filas/:fila/:id', element: <WorkItemScreen /> },
  { path: '/admin/:pagina', element: <Navigate to="/admin" replace /> },
  // Spec 002 §2: any unknown path shows the landing page.
  { path: '*', element: <Navigate to="/" replace /> },
];

function RouteFallback() {
  return (
    <p className="boot" role="status">
      Carregando…
    </p>
  );
}

/** React Router's navigate and location for the components shared with the landing entry (page-navigation.tsx). */
function RouterPageNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const value = useMemo(
    () => ({ pathname, navigate: (to: string, options?: PageNavigateOptions) => navigate(to, options) }),
    [navigate, pathname],
  );
  return <PageNavigationContext.Provider value={value}>{children}</PageNavigationContext.Provider>;
}

/**
 * The page for the path. With `deferRoutes` the first render is only the loading text, as the server rendered
 * it for a lazy screen (which cannot render there), so hydration adopts that markup; the screen follows at once,
 * as a transition (rendered in short tasks, like the hydration in main.tsx).
 */
function Shell({ deferRoutes }: { deferRoutes: boolean }) {
  const [deferred, setDeferred] = useState(deferRoutes);
  useEffect(() => startTransition(() => setDeferred(false)), []);
  return (
    <QueryProvider>
      <OfflineNotice />
      <RouterPageNavigation>
        <SessionEnd />
        <PageFrame>
          {/* A new page starts at the top, back and forward return where the person was; hash links keep theirs. */}
          <ScrollRestoration />
          {deferred ? (
            <RouteFallback />
          ) : (
            <Suspense fallback={<RouteFallback />}>
              <Outlet />
            </Suspense>
          )}
        </PageFrame>
      </RouterPageNavigation>
    </QueryProvider>
  );
}

/** The route table: one shell around the pages; a page that cannot load or crashes shows RouteError in it. */
export function appRoutes(deferRoutes: boolean): RouteObject[] {
  return [
    {
      element: <Shell deferRoutes={deferRoutes} />,
      children: [{ errorElement: <RouteError />, children: PAGES }],
    },
  ];
}

/** Where a router made after the landing page's first navigation goes at once. */
export interface RouterStart {
  to: string;
  options?: PageNavigateOptions | undefined;
}

/** The app in the browser: one router for the app's life, made on first render (it reads window.location). */
export function AppRouter({ deferRoutes = false, start }: { deferRoutes?: boolean; start?: RouterStart }) {
  const config = usePartner();
  const [router] = useState(() => {
    // A page opened directly asks for its data now, beside its screen's chunk (main.tsx started that).
    if (!start) prefetchDebtorPage(queryClient(), config, window.location.pathname);
    const created = createBrowserRouter(appRoutes(deferRoutes));
    if (start) void created.navigate(start.to, start.options);
    return created;
  });
  return <RouterProvider router={router} />;
}

/** The same routes at one path, for the server-rendered first screen (entry-server.tsx). */
export async function staticAppRouter(pathname: string, deferRoutes: boolean): Promise<ReactNode> {
  const { query, dataRoutes } = createStaticHandler(appRoutes(deferRoutes));
  // No route has a loader, so this only matches the path; the origin is a placeholder the routes never read.
  const context: StaticHandlerContext | Response = await query(
    new Request(new URL(pathname, 'http://portal.localhost')),
  );
  // A redirect (no route answers one today) leaves the first screen to the browser.
  if (context instanceof Response) return null;
  return (
    <StaticRouterProvider
      router={createStaticRouter(dataRoutes, context)}
      context={context}
      hydrate={false}
    />
  );
}
