import { formatBrDate, formatMoney } from '@portal/domain';
import type { ReactNode } from 'react';
import type { Divida, Parcela } from '../api/types';
import { STATUS_LABELS } from '../lib/agreements';
import { contractLabel, daysOverdueCell } from '../lib/debt-texts';
import { SecondCopyPdfButton } from './SecondCopyPdfButton';
import { TableScroll } from './TableScroll';

// Spec 001 §2 "Debt details": company data, the contract table (instalment, due date, days overdue, value, the
// second-copy PDF icon when the store issues second copies) and the future instalments. On a phone the five
// columns need 475 px, so each row stacks its cells, each named by its column (debts.css); the table still scrolls
// sideways where even that does not fit (a partner's larger font). The roles are written out (biome.json allows it
// here) because a table laid out as blocks loses its table semantics in some browsers.

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
  const columns: { name: string; cell: (parcela: Parcela) => ReactNode }[] = [
    { name: 'Parcela', cell: (parcela) => parcela.par_prestacao },
    { name: 'Vencimento', cell: (parcela) => formatBrDate(parcela.par_vencimento) },
    ...(overdue
      ? [{ name: 'Dias em atraso', cell: (parcela: Parcela) => daysOverdueCell(parcela.fase) }]
      : []),
    { name: 'Valor', cell: (parcela) => formatMoney(parcela.corrigido) },
    ...(secondCopy ? [{ name: '2ª via', cell: secondCopy }] : []),
  ];
  return (
    <TableScroll label={caption}>
      <table className="debt-table" role="table">
        <caption>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map(({ name }) => (
              <th key={name} scope="col" role="columnheader">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {parcelas.map((parcela) => (
            <tr key={parcela.par_codigo} role="row">
              {columns.map(({ name, cell }) => (
                <td key={name} role="cell" data-label={name}>
                  {cell(parcela)}
                </td>
              ))}
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
