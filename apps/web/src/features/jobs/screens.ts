// The job form in its own lazy chunk (spec 002 §2 WorkWithUs): only the partners with the form download it.

export { default as WorkWithUs } from './routes/WorkWithUs';
