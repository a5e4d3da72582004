import { z } from 'zod';

// Stage mode (flgPortalUsaStage, spec 001 §7): an external calculation service computes the plans. The request
// carries the fields the spec lists; the answer shape is ours to fix (docs/decisions/008-stage-calculation.md).

export interface StageCalculationRequest {
  pes_codigo: number;
  loj_codigo: number;
  emp_codigo: number;
  /** Contracts being negotiated and the first due date: the service needs them to price the same debt. */
  contratos: string[];
  primeiro_vencimento: string;
}

const stagePlan = z.object({
  quantidadeParcelas: z.number().int().min(0).max(360),
  valorEntrada: z.number().int().min(0),
  valorParcela: z.number().int().min(0),
  valorDesconto: z.number().int().min(0).default(0),
});
const stageAnswer = z.object({ parcelamentos: z.array(stagePlan).max(400) });

export type StagePlan = z.infer<typeof stagePlan>;

/** Answers the plans of a debt in centavos, or throws when the service fails (the use case maps it to the spec message). */
export interface PlanCalculator {
  readonly name: string;
  calculate(request: StageCalculationRequest): Promise<StagePlan[]>;
}

/** POST {host}/api/cobransaas/v2/calcular with JSON (spec 001 §7), 8 s timeout. */
export function httpStageCalculator(settings: { host: string; token?: string | undefined }): PlanCalculator {
  const url = `${settings.host.replace(/\/+$/, '')}/api/cobransaas/v2/calcular`;
  return {
    name: 'stage-http',
    async calculate(request) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
        },
        body: JSON.stringify({
          pes_codigo: request.pes_codigo,
          loj_codigo: request.loj_codigo,
          fator_desconto: 0,
          parcelamentos: null,
          calcularDescontoParcelamento: true,
          emp_codigo: request.emp_codigo,
          meio_pagamento_padrao: 'BOLETO',
          contratos: request.contratos,
          primeiro_vencimento: request.primeiro_vencimento,
        }),
        signal: AbortSignal.timeout(8_000),
      });
      if (!response.ok) throw new Error(`Calculation service answered ${response.status}`);
      return stageAnswer.parse(await response.json()).parcelamentos;
    },
  };
}
