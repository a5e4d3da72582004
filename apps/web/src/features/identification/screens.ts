// Every identification screen in one lazy chunk: the flow moves between them (login, token, registration), so
// one download serves the whole flow and the landing page's entry keeps a single dynamic import for it.

export { default as LoginPanel } from './components/LoginPanel';
export { default as ConfirmBirthday } from './routes/ConfirmBirthday';
export { default as ConfirmUser } from './routes/ConfirmUser';
export { default as NewPhone } from './routes/NewPhone';
export { default as Register } from './routes/Register';
export { default as ResetPhone } from './routes/ResetPhone';
export { default as VerifyToken } from './routes/VerifyToken';
