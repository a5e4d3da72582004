/**
 * Minutes in which a form sent again with the same content is the request already stored (its answer lost, two
 * clicks at once): cadastrarLead, cadastrarEmpresaCredora, cadastrarProposta, naoPossoPagar,
 * enviarSolicitacaoPrivacidade and enviarContato answer it alike and store nothing more (decisions 048, 085).
 */
export const REPEAT_WINDOW_MINUTES = 10;

/** The instant from which a request stored counts as the one sent again at `now`. */
export const repeatWindowStart = (now: Date): Date =>
  new Date(now.getTime() - REPEAT_WINDOW_MINUTES * 60_000);
