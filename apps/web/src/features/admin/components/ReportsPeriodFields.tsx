import type { ReportPeriod } from '@portal/domain';
import { TextInput } from '../../../components/form/fields';

// The period filter of the back-office reports: 'Data inicial' and 'Data final' (spec 002 §2 ListLeads), inside a
// report filter whose schema has the domain's period fields (the rules the server applies too).

/** The fields' values for a period. */
export const periodValues = (period: ReportPeriod) => ({ data_inicial: period.from, data_final: period.to });

export function ReportsPeriodFields() {
  return (
    <div className="reports-period">
      <TextInput label="Data inicial" name="data_inicial" type="date" />
      <TextInput label="Data final" name="data_final" type="date" />
    </div>
  );
}
