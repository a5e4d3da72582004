// Spec 001 §4 "Step codes" logged by the debtor-area screens (the server refuses codes the specs do not list). The
// server logs the steps it performs itself (proposal, second copy sent, boletos and term e-mailed, SMS, new lead).
export const DEBT_STEPS = {
  mainMenu: 41,
  debts: 5,
  agreements: 3,
  debtDetails: 33,
  faq: 6,
  talkToUs: 40,
  insuranceLink: 104,
  cityHallPortal: 32,
  agreementDetails: 35,
  boletoViewed: 4,
  lineCopied: 102,
  pixCopied: 103,
} as const;
