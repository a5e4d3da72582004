// The public creditor pages in one lazy chunk (spec 002 §2 RegisterCreditor and the sign-up wizard); the landing
// page's entry does not carry them.

export { default as CreditorSignUp } from './routes/CreditorSignUp';
export { default as RegisterCreditor } from './routes/RegisterCreditor';
