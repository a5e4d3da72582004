// The public legal pages in one lazy chunk (spec 002 §2 TermsLGPD); the landing page's entry does not carry them.

export { default as TermsLGPD } from './routes/TermsLGPD';
