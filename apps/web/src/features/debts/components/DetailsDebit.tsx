import { formatBrDate, formatMoney } from '@portal/domain';
import type { Divida, Parcela } from '../api/types';
import { contractLabel, daysOverdueCell } from '../lib/debt-texts';

// Spec 001 §2 "Debt details": company data, the contract table (instalment, due date, days overdue, value) and
// the future instalments. Tables scroll sideways on the narrowest phones; the region takes focus to allow it.

function InstalmentTable({
  caption,
  parcelas,
  overdue,
}: {
  caption: string;
  parcelas: Parcela[];
  overdue: boolean;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-scroll" tabIndex={0} aria-label={caption}>
      <table className="debt-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Parcela</th>
            <th scope="col">Vencimento</th>
            {overdue && <th scope="col">Dias em atraso</th>}
            <th scope="col">Valor</th>
          </tr>
        </thead>
        <tbody>
          {parcelas.map((parcela) => (
            <tr key={parcela.par_codigo}>
              <td>{parcela.par_prestacao}</td>
              <td>{formatBrDate(parcela.par_vencimento)}</td>
              {overdue && <td>{daysOverdueCell(parcela.fase)}</td>}
              <td>{formatMoney(parcela.corrigido)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function DetailsDebit({ debt }: { debt: Divida }) {
  const { loja } = debt;
  const place = [loja.loj_cidade, loja.loj_estado].filter(Boolean).join(' - ');
  return (
    <div className="debt-details" data-testid="debt-details">
      <dl className="debt-facts">
        <div>
          <dt>Razão social</dt>
          <dd>{loja.loj_razao_social}</dd>
        </div>
        <div>
          <dt>CNPJ</dt>
          <dd>{loja.loj_cpf_cnpj}</dd>
        </div>
        {place && (
          <div>
            <dt>Cidade</dt>
            <dd>{place}</dd>
          </div>
        )}
      </dl>
      {debt.contratos.map((contrato) => (
        <InstalmentTable
          key={contrato.con_codigo}
          caption={`${contractLabel(debt.tipo_necociacao, 1)} ${contrato.con_contrato}`}
          parcelas={contrato.parcelas}
          overdue
        />
      ))}
      {debt.lancamentos_futuros.parcelas.length > 0 && (
        <InstalmentTable
          caption="Parcelas futuras"
          parcelas={debt.lancamentos_futuros.parcelas}
          overdue={false}
        />
      )}
    </div>
  );
}
