// Texts of the second-copy flow (spec 001 §4 "Second-copy flow", §5, §8).

export const SECOND_COPY_TEXTS = {
  /** Spec 001 §4: the loading text while a boleto is issued. */
  issuing: 'Estamos emitindo seu boleto, essa ação pode demorar um pouco!',
  /** Spec 001 §8 empty state. */
  empty: 'Você não possui 2ª via de fatura disponível neste contrato',
  panelTitle: '2ª via de fatura',
  issueFailure: 'Não foi possível emitir a 2ª via do boleto. Tente novamente.',
  listFailure: 'Não foi possível carregar a 2ª via. Tente novamente.',
  /** Spec 001 §8: the fallbacks when the server gives no message, and the SMS exception text. */
  sendFailure: {
    sms: 'Erro ao enviar o SMS.',
    email: 'Erro ao enviar o e-mail. Verifique se o seu e-mail está correto e tente novamente.',
  },
  smsException: 'Um erro grave aconteceu ao enviar o SMS.',
  copied: { line: 'Linha digitável copiada.', pix: 'Código PIX copiado.' },
  copyFailed: 'Não foi possível copiar. Selecione o código e copie manualmente.',
} as const;
