// The debtor-area screens in one lazy chunk: a person moves between the menu and the debts, so one download
// serves both, and the landing page's entry keeps a single dynamic import for them.

export { default as AccordionTabs } from './routes/AccordionTabs';
export { default as Faq } from './routes/Faq';
export { default as MyAgreements } from './routes/MyAgreements';
export { default as MyDebits } from './routes/MyDebits';
export { default as TalkToUs } from './routes/TalkToUs';
