import { breakUnpaidAgreements } from '../services/lifecycle/break-unpaid-agreements';
import { markOverdueInstalments } from '../services/lifecycle/mark-overdue-instalments';
import { settlePaidAgreements } from '../services/lifecycle/settle-paid-agreements';
import type { ScheduledJob } from './scheduled-job';

// The jobs every server process schedules (and `npm run payments -- run-jobs` runs), in this order: one line each.
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  { name: 'overdue', schedule: 'daily', run: markOverdueInstalments },
  { name: 'settle', schedule: 'daily', run: settlePaidAgreements },
  { name: 'broken', schedule: 'daily', run: breakUnpaidAgreements },
];
