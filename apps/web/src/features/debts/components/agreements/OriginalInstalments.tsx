import { formatBrDate, formatMoney } from '@portal/domain';
import * as Collapsible from '@radix-ui/react-collapsible';
import { useState } from 'react';
import { logStep } from '../../../../lib/analytics';
import { usePartner } from '../../../../lib/partner';
import type { DetalheAcordo } from '../../api/types';
import { DEBT_STEPS } from '../../lib/steps';
import { useDebtor } from '../DebtsTemplate';
import { TableScroll } from '../TableScroll';

/**
 * Spec 001 §2 "detail table of original instalments": the contracts' instalments the agreement settles, behind a
 * disclosure (Radix Collapsible); opening it is step 35 (agreement details).
 */
export function OriginalInstalments({ detalhes }: { detalhes: DetalheAcordo[] }) {
  const config = usePartner();
  const debtor = useDebtor();
  const [open, setOpen] = useState(false);
  if (detalhes.length === 0) return null;
  return (
    <Collapsible.Root
      className="agreement-details"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next)
          logStep(config, DEBT_STEPS.agreementDetails, 'Abriu os detalhes do acordo', debtor.pesCpfCnpj);
      }}
    >
      <Collapsible.Trigger className="btn btn--ghost" data-testid="agreement-details-toggle">
        {open ? 'Ocultar parcelas originais' : 'Ver parcelas originais'}
      </Collapsible.Trigger>
      <Collapsible.Content className="agreement-details__body" data-testid="agreement-details">
        {detalhes.map((detalhe) => (
          <TableScroll key={detalhe.con_contrato} label={`Contrato ${detalhe.con_contrato}`}>
            <table className="debt-table">
              <caption>
                Contrato {detalhe.con_contrato}
                {detalhe.observacao_contrato && (
                  <span className="agreement-details__note">{detalhe.observacao_contrato}</span>
                )}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Parcela</th>
                  <th scope="col">Vencimento</th>
                  <th scope="col">Valor</th>
                </tr>
              </thead>
              <tbody>
                {detalhe.parcelas.map((parcela) => (
                  <tr key={`${parcela.par_prestacao}-${parcela.par_vencimento}`}>
                    <td>{parcela.par_prestacao}</td>
                    <td>{formatBrDate(parcela.par_vencimento)}</td>
                    <td>{formatMoney(parcela.par_valor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ))}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
