// 'Envie sua proposta' in its own lazy chunk (spec 002 §3 Lead): the landing page's entry does not carry it.

export { default as SendProposal } from './routes/SendProposal';
