/**
 * Whose rows a debtor query reads or writes: the partner and person of the request's session (contract/debtor-scope.ts
 * builds it), never a code from the request body. Every debtor query of the repositories takes one, as a required
 * argument, so a query that forgets the scope does not compile.
 */
export interface DebtorScope {
  readonly partnerId: number;
  readonly personId: number;
}
