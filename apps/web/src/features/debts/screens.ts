// The debtor-area screens but the menu in one lazy chunk: a person moves between them, so one download serves them
// all. The menu is a chunk of its own, which fetches this one once it is idle (routes/AccordionTabs.tsx).

export { default as Faq } from './routes/Faq';
export { default as MyAgreements } from './routes/MyAgreements';
export { default as MyDebits } from './routes/MyDebits';
export { default as TalkToUs } from './routes/TalkToUs';
