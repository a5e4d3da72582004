/**
 * Minutes in which a public form sent again with the same content is the request already stored (its answer lost,
 * two clicks at once): cadastrarLead and cadastrarEmpresaCredora answer it alike and store nothing more (decision
 * 048).
 */
export const REPEAT_WINDOW_MINUTES = 10;
