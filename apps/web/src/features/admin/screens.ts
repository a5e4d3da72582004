// The back-office screens in one lazy chunk (issue 5): debtor pages never download them, and a staff member moving
// between the login and the back office reuses one download.

export { default as AdminHome } from './routes/AdminHome';
export { default as AgreementPage } from './routes/AgreementPage';
export { default as ChangePassword } from './routes/ChangePassword';
export { default as Cobranca } from './routes/Cobranca';
export { default as Dashboard } from './routes/Dashboard';
export { default as ImportPortfolio } from './routes/ImportPortfolio';
export { default as ListAgreements } from './routes/ListAgreements';
export { default as ListAudit } from './routes/ListAudit';
export { default as ListJobApplications } from './routes/ListJobApplications';
export { default as ListLeads } from './routes/ListLeads';
export { default as ListPartners } from './routes/ListPartners';
export { default as ListPayments } from './routes/ListPayments';
export { default as ListPrivacyRequests } from './routes/ListPrivacyRequests';
export { default as ListQuestions } from './routes/ListQuestions';
export { default as ListStaff } from './routes/ListStaff';
export { default as ListStores } from './routes/ListStores';
export { default as ListUnappliedMoney } from './routes/ListUnappliedMoney';
export { default as ListWorkQueue } from './routes/ListWorkQueue';
export { default as PostPartners } from './routes/PostPartners';
export { default as PostQuestions } from './routes/PostQuestions';
export { default as StaffLogin } from './routes/StaffLogin';
export { default as StaffMember } from './routes/StaffMember';
export { default as Store } from './routes/Store';
export { default as UpdatePartner } from './routes/UpdatePartner';
export { default as UpdateQuestions } from './routes/UpdateQuestions';
export { default as WorkItemScreen } from './routes/WorkItemScreen';
