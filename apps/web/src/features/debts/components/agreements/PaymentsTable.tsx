// biome-ignore-all lint/a11y/noRedundantRoles: a table laid out with CSS display (a phone's row cards) loses its table semantics in Safari; the explicit roles keep them (see below)
import { formatBrDate, formatMoney, instalmentName } from '@portal/domain';
import type { DadosAcordo, ParcelaAcordo } from '../../api/types';
import {
  AGREEMENT_TEXTS,
  canTick,
  documentCode,
  isTicked,
  rowActions,
  statusLabel,
  statusTone,
} from '../../lib/agreements';
import { useCopyCode } from '../CopyCode';
import { CardReceiptButton } from './CardReceipt';

// Spec 001 §2 "Payments table per agreement": ticks, instalment, due date, value, status and what each row offers.
// A real table on wide screens; on a phone each row is laid out as a small card (agreements.css), so the explicit
// table roles keep what a screen reader announces when the CSS changes how the table is displayed.

export interface PaymentsTableProps {
  agreement: DadosAcordo;
  /** The ticked rows' codes (documentCode). */
  ticked: ReadonlySet<number>;
  onTick: (code: number, ticked: boolean) => void;
  onPix: (parcela: ParcelaAcordo) => void;
}

function CopyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 2h10a2 2 0 0 1 2 2v12h-2V4H8V2Zm-4 4h10a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Zm0 2v12h10V8H4Z"
      />
    </svg>
  );
}

function PixIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="m12 2 10 10-10 10L2 12 12 2Zm0 3.2L5.2 12l6.8 6.8 6.8-6.8L12 5.2Zm0 3.3 3.5 3.5-3.5 3.5L8.5 12 12 8.5Z"
      />
    </svg>
  );
}

function Row({
  agreement,
  parcela,
  ticked,
  onTick,
  onPix,
}: Omit<PaymentsTableProps, 'ticked'> & {
  parcela: ParcelaAcordo;
  ticked: boolean;
}) {
  const copy = useCopyCode();
  const method = agreement.forma_pagamento;
  const actions = rowActions(method, parcela);
  const name = `${instalmentName(parcela.campo_parcela)}, vencimento ${formatBrDate(parcela.vencimento)}`;
  const boleto = method === 'boleto';
  return (
    <tr role="row" className={`agreement-row agreement-row--${parcela.status}`} data-testid="agreement-row">
      {boleto && (
        <td role="cell" className="agreement-row__tick">
          <input
            type="checkbox"
            className="agreement-row__checkbox"
            checked={ticked}
            disabled={!canTick(method, parcela)}
            onChange={(event) => {
              const code = documentCode(parcela);
              if (code !== null) onTick(code, event.target.checked);
            }}
            aria-label={`Selecionar a ${name}`}
            data-testid="agreement-tick"
          />
        </td>
      )}
      <td role="cell" className="agreement-row__name">
        {parcela.campo_parcela}
      </td>
      <td role="cell" className="agreement-row__due" data-label="Vencimento">
        {formatBrDate(parcela.vencimento)}
      </td>
      <td role="cell" className="agreement-row__value">
        {formatMoney(parcela.valor)}
        {parcela.encargos > 0 && (
          <span className="agreement-row__updated">Atualizado: {formatMoney(parcela.valor_atualizado)}</span>
        )}
      </td>
      <td role="cell" className="agreement-row__status">
        <span className={`status status--${statusTone(agreement, parcela)}`} data-testid="agreement-status">
          {statusLabel(agreement, parcela)}
        </span>
      </td>
      <td role="cell" className="agreement-row__actions">
        {parcela.comprovante_cartao && <CardReceiptButton receipt={parcela.comprovante_cartao} name={name} />}
        {actions.notIssued && (
          <p className="agreement-row__notice" data-testid="agreement-not-issued">
            {method === 'pix' ? AGREEMENT_TEXTS.pixNotIssued : AGREEMENT_TEXTS.notIssued}
          </p>
        )}
        {(actions.copyLine || actions.pix) && (
          <div className="agreement-row__buttons">
            {actions.copyLine && parcela.linha_digitavel && (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() =>
                  copy('line', parcela.linha_digitavel ?? '', 'Copiou a linha digitável do acordo')
                }
                aria-label={`Copiar linha digitável da ${name}`}
                data-testid="agreement-copy-line"
              >
                <CopyIcon /> Copiar linha
              </button>
            )}
            {actions.pix && (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => onPix(parcela)}
                aria-label={`PIX da ${name}`}
                data-testid="agreement-pix"
              >
                <PixIcon /> PIX
              </button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

export function PaymentsTable({ agreement, ticked, onTick, onPix }: PaymentsTableProps) {
  const boleto = agreement.forma_pagamento === 'boleto';
  return (
    <table role="table" className="agreement-table" data-testid="agreement-payments">
      <caption className="agreement-table__caption">Pagamentos</caption>
      <thead role="rowgroup" className="agreement-table__head">
        <tr role="row">
          {boleto && (
            <th role="columnheader" scope="col">
              Selecionar
            </th>
          )}
          <th role="columnheader" scope="col">
            Parcela
          </th>
          <th role="columnheader" scope="col">
            Vencimento
          </th>
          <th role="columnheader" scope="col">
            Valor
          </th>
          <th role="columnheader" scope="col">
            Situação
          </th>
          <th role="columnheader" scope="col">
            Pagar
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {agreement.parcelas.map((parcela, index) => {
          const code = documentCode(parcela);
          return (
            <Row
              key={code ?? `row-${index}`}
              agreement={agreement}
              parcela={parcela}
              ticked={isTicked(agreement.forma_pagamento, parcela, ticked)}
              onTick={onTick}
              onPix={onPix}
            />
          );
        })}
      </tbody>
    </table>
  );
}
