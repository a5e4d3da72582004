import { type ReportPeriod, type ReportPeriodField, validateReportPeriod } from '@portal/domain';
import { useRef, useState } from 'react';
import { TextField } from '../../../components/ui/fields';

// The period filter of the back-office reports: 'Data inicial' and 'Data final' (spec 002 §2 ListLeads), checked by
// the domain rules the server applies too; a broken rule shows under its field, which takes the focus.

type Values = Record<ReportPeriodField, string>;

export function useReportPeriod(initial: ReportPeriod) {
  const [values, setValues] = useState<Values>({ data_inicial: initial.from, data_final: initial.to });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const fieldsRef = useRef<HTMLDivElement>(null);

  function showError(field: ReportPeriodField, message: string) {
    setErrors({ [field]: message });
    fieldsRef.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
  }

  /** The period the fields hold, or null after showing why it is not one. */
  function read(): ReportPeriod | null {
    const result = validateReportPeriod(values);
    if (result.ok) {
      setErrors({});
      return result.period;
    }
    showError(result.field, result.message);
    return null;
  }

  const fields = (
    <div ref={fieldsRef} className="reports-period">
      <TextField
        label="Data inicial"
        name="data_inicial"
        type="date"
        value={values.data_inicial}
        error={errors.data_inicial}
        onChange={(event) => setValues((v) => ({ ...v, data_inicial: event.target.value }))}
      />
      <TextField
        label="Data final"
        name="data_final"
        type="date"
        value={values.data_final}
        error={errors.data_final}
        onChange={(event) => setValues((v) => ({ ...v, data_final: event.target.value }))}
      />
    </div>
  );

  return { fields, read };
}
