import { firstIssue, type ReportPeriod, reportPeriodSchema } from '@portal/domain';
import { z } from 'zod';
import { AppError } from '../errors';
import { lineText } from './body-fields';

// The period of a back-office report from the query string (`data_inicial`, `data_final`, 'YYYY-MM-DD', Brasília
// days): the domain's rules and messages, a broken one as 400 INVALID_INPUT with `dados: { field: message }`.

const dateParam = lineText(20).optional().catch(undefined);
const periodQuery = z.object({ data_inicial: dateParam, data_final: dateParam }).catch({});

export function reportPeriodOf(query: unknown): ReportPeriod {
  const result = firstIssue(reportPeriodSchema, periodQuery.parse(query ?? {}));
  if (!result.ok) throw new AppError('INVALID_INPUT', { [result.field]: result.message });
  return result.data;
}

/** An optional period (a list's filter): none when neither day is given, else both by the rules of reportPeriodOf. */
export function optionalReportPeriodOf(query: unknown): ReportPeriod | undefined {
  const { data_inicial, data_final } = periodQuery.parse(query ?? {});
  return !data_inicial && !data_final ? undefined : reportPeriodOf(query);
}

/** The query string of a period, as the report links carry it. */
export function reportPeriodQuery(period: ReportPeriod): string {
  return new URLSearchParams({ data_inicial: period.from, data_final: period.to }).toString();
}
