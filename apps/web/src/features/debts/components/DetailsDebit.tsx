import { formatBrDate, formatMoney } from '@portal/domain';
import type { ReactNode } from 'react';
import type { Divida, Parcela } from '../api/types';
import { STATUS_LABELS } from '../lib/agreements';
import { contractLabel, daysOverdueCell } from '../lib/debt-texts';
import { SecondCopyPdfButton } from './SecondCopyPdfButton';
import { TableScroll } from './TableScroll';

// Spec 001 §2 "Debt details": company data, the contract table (instalment, due date, days overdue, value, the
// second-copy PDF icon when the store issues second copies) and the future instalments. Tables scroll sideways
// on the narrowest phones; the region takes focus to allow it.

function InstalmentTable({
  caption,
  parcelas,
  overdue,
  secondCopy,
}: {
  caption: string;
  parcelas: Parcela[];
  overdue: boolean;
  /** The second-copy cell of an instalment, when the store issues second copies. */
  secondCopy?: ((parcela: Parcela) => ReactNode) | undefined;
}) {
  return (
    <TableScroll label={caption}>
      <table className="debt-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Parcela</th>
            <th scope="col">Vencimento</th>
            {overdue && <th scope="col">Dias em atraso</th>}
            <th scope="col">Valor</th>
            {secondCopy && <th scope="col">2ª via</th>}
          </tr>
        </thead>
        <tbody>
          {parcelas.map((parcela) => (
            <tr key={parcela.par_codigo}>
              <td>{parcela.par_prestacao}</td>
              <td>{formatBrDate(parcela.par_vencimento)}</td>
              {overdue && <td>{daysOverdueCell(parcela.fase)}</td>}
              <td>{formatMoney(parcela.corrigido)}</td>
              {secondCopy && <td>{secondCopy(parcela)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function DetailsDebit({ debt }: { debt: Divida }) {
  const { loja } = debt;
  const place = [loja.loj_cidade, loja.loj_estado].filter(Boolean).join(' - ');
  // Instalments under an agreement are paid through its boletos, so they offer no second copy.
  const secondCopy =
    loja.loj_emite_segunda_via_boleto_recupera === 'S' && !debt.acordo_ativo
      ? (parcela: Parcela) =>
          // Paid through its second copy (decision 025): nothing to download again.
          parcela.par_paga === 1 ? (
            <span className="status status--P" data-testid="second-copy-paid">
              {STATUS_LABELS.P}
            </span>
          ) : (
            <SecondCopyPdfButton debt={debt} parcela={parcela} />
          )
      : undefined;
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
          secondCopy={secondCopy}
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
