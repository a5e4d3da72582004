// A debtor session ends after 30 minutes without the person doing anything (GUIDE security principles). The pages
// read some lists again on their own (Meus Acordos every 30 s while an instalment is open): such a read carries this
// header, and the server does not count it as activity, or a tab left open would keep its session for 12 hours.
export const BACKGROUND_READ_HEADER = 'X-Background-Read';
