// "Meus dados" (issue 6 item 1) in its own lazy chunk: the landing page and the debtor area do not carry it.

export { default as MyData } from './routes/MyData';
