import {
  AGREED_ELSEWHERE_MESSAGE,
  AGREEMENT_ADMIN_MESSAGES,
  CALL_REQUEST_MESSAGES,
  CARD_UNAVAILABLE,
  CREDITOR_LEAD_NOT_FOUND,
  CREDITOR_LEAD_SIGNED_UP,
  CREDITOR_REGISTRATION_MESSAGES,
  CREDITOR_SIGN_UP_MESSAGES,
  DEBT_REQUEST_MESSAGES,
  FAQ_MESSAGES,
  FATAL_ERROR,
  IMPORT_MESSAGES,
  JOB_MESSAGES,
  LOGIN_TEXTS,
  LOOKUP_NOT_FOUND,
  LOOKUP_WRONG_BIRTH_DATE,
  LOOKUP_WRONG_PHONE,
  NEW_PHONE_MESSAGES,
  PARTNER_ARCHIVED_MESSAGE,
  PARTNER_FORM_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  type PartnerFormRule,
  PHONE_RESET_MESSAGES,
  SECOND_COPY_ADDRESS_MESSAGES,
  SESSION_EXPIRED,
  STAFF_LOGIN_FAILED,
  STAFF_TEAM_MESSAGES,
  STORE_MESSAGES,
  TOKEN_MESSAGES,
  UNAPPLIED_MONEY_MESSAGES,
  UNAUTHENTICATED,
  WORK_QUEUE_MESSAGES,
} from '@portal/domain';

const IMAGE_TOO_LARGE_MESSAGE = 'A imagem enviada é maior que 2 MB. Envie uma imagem menor.';

// Typed application errors and the one place that maps them to HTTP status and the spec's Portuguese text.

/** PARTNER_FORM_<rule>: the partner form breaks a rule of spec 002 §5 (messages in packages/domain partner-form.ts). */
export type PartnerFormErrorCode = `PARTNER_FORM_${PartnerFormRule}`;
const PARTNER_FORM_ERRORS = Object.fromEntries(
  Object.entries(PARTNER_FORM_MESSAGES).map(([rule, message]) => [
    `PARTNER_FORM_${rule}`,
    { status: 400, message },
  ]),
) as Record<PartnerFormErrorCode, { status: 400; message: string }>;

const APP_ERRORS = {
  /** The host names a partner that does not exist (spec 000 §8). */
  PARTNER_NOT_FOUND: { status: 404, message: 'Subdomínio não encontrado!' },
  /** The host's partner has its portal switched off: no company token (spec 000 §7, §8 'Erro Fatal'). */
  PARTNER_SWITCHED_OFF: { status: 403, message: FATAL_ERROR.text },
  /**
   * A body over its route's limit, announced by Content-Length or found while reading a chunked one, on a route
   * that does not say what its own means (config `bodyTooLarge`; decision 059).
   */
  BODY_TOO_LARGE: {
    status: 413,
    message: 'Os dados enviados passam do tamanho permitido. Envie menos texto ou arquivos menores.',
  },
  /** Input failed validation; `details` carries one message per field. */
  INVALID_INPUT: { status: 400, message: 'Dados inválidos. Verifique os campos destacados.' },
  /** The contact e-mail could not be queued, or the partner has no contact address (spec 000 §8). */
  CONTACT_NOT_SENT: {
    status: 200,
    message: 'Ocorreu um erro ao enviar o e-mail. Tente novamente mais tarde',
  },
  /** api.php was called with an area/action pair that does not exist. */
  UNKNOWN_ACTION: { status: 404, message: 'Ação não encontrada.' },
  /** The store of the anti-automation limits (Redis) cannot answer: limited calls fail closed (GUIDE). */
  LIMITS_UNAVAILABLE: {
    status: 503,
    message: 'Serviço temporariamente indisponível. Tente novamente em alguns minutos.',
  },
  /** The database cannot be reached (stopped, restarting, its connections cut): try again soon (decision 035). */
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'Serviço temporariamente indisponível. Tente novamente em alguns minutos.',
  },
  /**
   * The card gateway did not answer a webhook's lookup of the charge: the gateway delivers the event again later
   * (its retries are for exactly this), and nothing was recorded.
   */
  CARD_GATEWAY_UNAVAILABLE: {
    status: 503,
    message: 'Serviço temporariamente indisponível. Tente novamente em alguns minutos.',
  },
  /** Too many requests from one client (rate limit). */
  RATE_LIMITED: { status: 429, message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' },
  /** The CPF/CNPJ is not known to the partner (spec 000 §4: goes to Register). */
  DOCUMENT_NOT_FOUND: { status: 200, message: LOOKUP_NOT_FOUND },
  /** Birth date differs from the one on file (spec 000 §8, modal 'Data de nascimento incorreta'). */
  BIRTH_DATE_MISMATCH: { status: 200, message: LOOKUP_WRONG_BIRTH_DATE },
  /** Phone differs from the one on file (spec 000 §8, modal 'Telefone incorreto'). */
  PHONE_MISMATCH: { status: 200, message: LOOKUP_WRONG_PHONE },
  /** No identified debtor session for this partner (absent, expired, revoked or of another partner). */
  NO_SESSION: { status: 401, message: SESSION_EXPIRED },
  /** The SMS token is wrong, used, expired or out of tries (spec 000 §8). */
  INVALID_TOKEN: { status: 200, message: TOKEN_MESSAGES.invalid },
  /** The person has no phone on file to send the token to; the partner offers 'Esqueceu o seu telefone?'. */
  NO_PHONE_ON_FILE: {
    status: 200,
    message: 'Não encontramos um telefone no seu cadastro. Use a opção "Esqueceu o seu telefone?".',
  },
  /** The same where the partner offers no phone change: only the partner can add one. */
  NO_PHONE_ON_FILE_NO_CHANGE: {
    status: 200,
    message: 'Não encontramos um telefone no seu cadastro. Fale com a empresa para atualizá-lo.',
  },
  /** Too many SMS to one phone in the window. */
  TOO_MANY_SMS: {
    status: 429,
    message: 'Você já pediu muitos códigos. Aguarde 10 minutos para pedir outro.',
  },
  /** First access for a CPF/CNPJ that is already registered. */
  ALREADY_REGISTERED: { status: 200, message: 'CPF/CNPJ já cadastrado. Faça o login com os seus dados.' },
  /** Phone reset for an unknown CPF/CNPJ (spec 000 §8). */
  RESET_DOCUMENT_NOT_FOUND: { status: 200, message: PHONE_RESET_MESSAGES.notFound },
  /** Phone reset for a person without an e-mail on file (spec 000 §8). */
  RESET_NO_EMAIL: { status: 200, message: PHONE_RESET_MESSAGES.emailFailure },
  /** The phone-change link is unknown, used or expired (spec 000 §8). */
  PHONE_UPDATE_FAILED: { status: 200, message: NEW_PHONE_MESSAGES.failure },
  /** A stored file does not exist. */
  FILE_NOT_FOUND: { status: 404, message: 'Arquivo não encontrado.' },
  /**
   * PIX or card chosen where the partner switched it off (myDebits.flgDesativarPix / flgDesativarCartaoCredito), or
   * the recurring card form at a store that does not take it (loj_cartao_de_credito_recorrente).
   */
  PAYMENT_METHOD_UNAVAILABLE: { status: 200, message: 'Forma de pagamento indisponível.' },
  /**
   * A proposal or a cannot-pay reason sent to a partner that switched that button off
   * (myDebits.flgDesativarEnviarProposta / flgDesativatBotaoNaoPossoPagar): the page never offers it.
   */
  DEBT_REQUEST_UNAVAILABLE: { status: 200, message: 'Esta opção não está disponível neste portal.' },
  /** Contract codes that are not one of the session person's debt cards on this partner. */
  CONTRACT_NOT_FOUND: { status: 200, message: 'Contrato não encontrado.' },
  /** A boleto-only store (permits-negotiate N, spec 001 §1). */
  NOT_NEGOTIABLE: { status: 200, message: 'Esta dívida não pode ser negociada pelo portal.' },
  /** A proposal's instalment below the store's minimum instalment (decision 027; details: valor_parcela). */
  PROPOSAL_INSTALMENT_BELOW_MINIMUM: { status: 400, message: DEBT_REQUEST_MESSAGES.instalmentBelowMinimum },
  /**
   * The debt is already under an active agreement, through any partner (spec 001 §4 'Acordo Ativo'); details
   * `{ acordo_em_outro_portal }`: made through another partner, so this partner's Meus Acordos does not list it.
   */
  ACTIVE_AGREEMENT: { status: 200, message: 'Acordo Ativo' },
  /** The stage calculation service failed (spec 001 §8 negotiation search errors). */
  CALCULATION_FAILED: {
    status: 200,
    message: 'Não foi possível calcular as simulações, volte para a página inicial e tente novamente.',
  },
  /**
   * The plan code is unknown, of another session, expired (issue 4 §6), or quoted before the debts changed; details
   * `{ simulacao_expirada: true }`, so the page asks for new plans instead of offering the spent ones again.
   */
  PLAN_NOT_FOUND: {
    status: 200,
    message: 'Esta simulação expirou. Escolha a forma de pagamento novamente para ver as opções atualizadas.',
  },
  /** An Idempotency-Key already used for another request (IETF draft "The Idempotency-Key HTTP Header Field": 422). */
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'Esta chave de idempotência já foi usada em outro pedido.',
  },
  /** A body carrying a card number or security code: the card goes to the gateway, never to the portal (issue 17). */
  CARD_DATA_REFUSED: {
    status: 400,
    message:
      'Por segurança, os dados do cartão não podem ser enviados ao portal. Atualize a página e tente novamente.',
  },
  /** A card agreement without the gateway's token (spec 001 §7 step 4 `dadosDoCartao`). */
  CARD_TOKEN_REQUIRED: { status: 400, message: 'Informe os dados do cartão.' },
  /** Card payments asked where no card gateway is configured (production without CARD_GATEWAY_URL). */
  CARD_GATEWAY_NOT_CONFIGURED: { status: 200, message: CARD_UNAVAILABLE },
  /** A card receipt of an instalment that is not the session person's or was not paid by card (a file: 404). */
  CARD_RECEIPT_NOT_FOUND: { status: 404, message: 'Comprovante não encontrado.' },
  /** An agreement instalment that is not the session person's, or not a boleto/PIX one (a file: 404). */
  AGREEMENT_INSTALMENT_NOT_FOUND: { status: 404, message: 'Parcela não encontrada.' },
  /** A boleto asked of a paid or settled instalment (spec 001 §4: PAGO rows cannot be downloaded). */
  INSTALMENT_ALREADY_PAID: { status: 409, message: 'Esta parcela já foi paga.' },
  /** A boleto asked before the rule of spec 001 §4 issues it. */
  INSTALMENT_NOT_ISSUED: { status: 409, message: 'O boleto desta parcela ainda não foi gerado.' },
  /** A second copy asked of a store that does not issue them (loj_emite_segunda_via_boleto_recupera N). */
  SECOND_COPY_UNAVAILABLE: { status: 200, message: 'Esta loja não emite 2ª via de boleto pelo portal.' },
  /** A second copy of an instalment the person's active agreement already covers. */
  SECOND_COPY_IN_AGREEMENT: {
    status: 200,
    message: 'Esta dívida já está em um acordo. Pague pelos boletos do acordo em Meus Acordos.',
  },
  /** The same, where that agreement was made through another partner: this partner's Meus Acordos does not list it. */
  SECOND_COPY_AGREED_ELSEWHERE: { status: 200, message: AGREED_ELSEWHERE_MESSAGE },
  /** A second copy whose PIX was removed (a newer copy, an agreement, the PSP): printed or sent, it could not be paid. */
  SECOND_COPY_NOT_PAYABLE: {
    status: 409,
    message: 'Esta 2ª via não pode mais ser paga. Emita uma nova 2ª via pelo portal.',
  },
  /** Instalment or second-copy codes that are not the session person's on this partner. */
  INSTALMENT_NOT_FOUND: { status: 200, message: 'Parcela não encontrada.' },
  /** Spec 001 §5, §8: a call request's phone (a landline or a mobile) and a WhatsApp contact's (a mobile). */
  CALL_PHONE_INVALID: { status: 200, message: CALL_REQUEST_MESSAGES.invalidPhone },
  WHATSAPP_PHONE_INVALID: { status: 200, message: CALL_REQUEST_MESSAGES.invalidWhatsapp },
  /** Issue 19: call and WhatsApp requests per person per Brasília day (CALL_REQUESTS_PER_DAY). */
  CALL_REQUEST_LIMIT: { status: 200, message: CALL_REQUEST_MESSAGES.limitReached },
  /** Spec 001 §5: an SMS phone must have exactly 11 digits. */
  INVALID_PHONE: { status: 200, message: SECOND_COPY_ADDRESS_MESSAGES.sms },
  /** Boletos or the confession term asked by e-mail by a person without a (valid) e-mail on file (spec 001 §5, §8). */
  NO_EMAIL_ON_FILE: {
    status: 200,
    message: 'Infelizmente não encontramos nenhum endereço de e-mail vinculado com o seu cadastro...',
  },
  /** Boletos by SMS to a phone that is neither the person's on file nor the one confirmed with the agreement. */
  PHONE_NOT_ON_FILE: {
    status: 200,
    message: 'Este celular não está no seu cadastro. Informe um celular cadastrado.',
  },
  /** A person's daily cap of boletos or term sends on one channel (AGREEMENT_SENDS_PER_DAY) is reached. */
  TOO_MANY_SENDS: {
    status: 429,
    message: 'Você atingiu o limite de envios por hoje. Tente novamente amanhã.',
  },
  /** An agreement that is not the session person's on this partner (a file: 404). */
  AGREEMENT_NOT_FOUND: { status: 404, message: 'Acordo não encontrado.' },
  /** A settled agreement asked to be cancelled in the back office: its debt is discharged (decision 029). */
  AGREEMENT_SETTLED: { status: 409, message: AGREEMENT_ADMIN_MESSAGES.settled },
  /** A card agreement asked to be cancelled while the gateway has not decided its charge (decision 029). */
  AGREEMENT_CARD_PENDING: { status: 409, message: AGREEMENT_ADMIN_MESSAGES.cardPending },
  /** An unapplied amount (decision 063) of another partner's, unknown, or a payment event that is not one. */
  UNAPPLIED_MONEY_NOT_FOUND: { status: 404, message: UNAPPLIED_MONEY_MESSAGES.notFound },
  /** The confession term of a partner without myAgreements.flgTermoCofissao: there is no term to send or show. */
  CONFESSION_TERM_UNAVAILABLE: {
    status: 404,
    message: 'O termo de confissão de dívida não está disponível neste portal.',
  },
  /** Spec 001 §8 second-copy e-mail failure. */
  INVALID_EMAIL: {
    status: 200,
    message: 'Erro ao enviar o e-mail. Verifique se o seu e-mail está correto e tente novamente.',
  },
  /** Staff login for a user name with repeated recent failures: the robot check must be solved first (details: captcha). */
  STAFF_ROBOT_CHECK_REQUIRED: { status: 400, message: LOGIN_TEXTS.robotCheckRequired },
  /** Staff login refused: unknown user, wrong password or a field missing, all alike (spec 002 §8). */
  STAFF_LOGIN_FAILED: { status: 401, message: STAFF_LOGIN_FAILED },
  /** An admin call without a present, unexpired, unrevoked staff token; the back office shows no modal for it. */
  STAFF_UNAUTHENTICATED: { status: 401, message: UNAUTHENTICATED },
  /** The staff user's role may not make this call (decision 024): an auditor's write, an operator's administration. */
  STAFF_FORBIDDEN: { status: 403, message: 'Acesso negado' },
  /** A password set by an administrator must be changed before any other call. */
  STAFF_PASSWORD_CHANGE_REQUIRED: { status: 403, message: 'Altere a sua senha para continuar.' },
  /** A staff member id that does not exist (back-office staff management). */
  STAFF_MEMBER_NOT_FOUND: { status: 404, message: 'Usuário não encontrado.' },
  /** Disabling or demoting the last active administrator would leave nobody to manage the staff. */
  STAFF_LAST_ADMINISTRATOR: { status: 409, message: STAFF_TEAM_MESSAGES.lastAdministrator },
  /** A partner id in a member's partners that does not exist (details: parceiros). */
  STAFF_PARTNER_NOT_FOUND: { status: 400, message: 'Parceiro não encontrado.' },
  /** editar_senha without the current password (spec 002 §8). */
  STAFF_OLD_PASSWORD_REQUIRED: { status: 400, message: PASSWORD_CHANGE_MESSAGES.oldRequired },
  /** editar_senha without the new password (spec 002 §8). */
  STAFF_NEW_PASSWORD_REQUIRED: { status: 400, message: PASSWORD_CHANGE_MESSAGES.newRequired },
  /** editar_senha without the confirmation (spec 002 §8). */
  STAFF_CONFIRMATION_REQUIRED: { status: 400, message: PASSWORD_CHANGE_MESSAGES.confirmationRequired },
  /** A new staff password shorter than STAFF_PASSWORD_MIN_LENGTH. */
  STAFF_PASSWORD_TOO_SHORT: { status: 400, message: PASSWORD_CHANGE_MESSAGES.tooShort },
  /** A new staff password longer than STAFF_PASSWORD_MAX_LENGTH. */
  STAFF_PASSWORD_TOO_LONG: { status: 400, message: PASSWORD_CHANGE_MESSAGES.tooLong },
  /** The new password equals the current one. */
  STAFF_PASSWORD_UNCHANGED: { status: 400, message: PASSWORD_CHANGE_MESSAGES.unchanged },
  /** The confirmation differs from the new password. */
  STAFF_PASSWORD_MISMATCH: { status: 400, message: PASSWORD_CHANGE_MESSAGES.mismatch },
  /** editar_senha with a current password that does not match the stored hash. */
  STAFF_WRONG_PASSWORD: { status: 422, message: PASSWORD_CHANGE_MESSAGES.wrongCurrent },
  /** `npm run staff -- create`: a user name outside 2-60 of a-z 0-9 . _ @ - (starting with a letter or digit). */
  STAFF_USERNAME_INVALID: { status: 400, message: STAFF_TEAM_MESSAGES.usernameInvalid },
  /** `npm run staff -- create` with a user name that exists. */
  STAFF_USERNAME_TAKEN: { status: 409, message: 'Este usuário já existe.' },
  /** An FAQ entry without a title (spec 002 §5, §8). */
  FAQ_TITLE_REQUIRED: { status: 400, message: FAQ_MESSAGES.titleRequired },
  /** An FAQ entry without a text (spec 002 §5, §8). */
  FAQ_TEXT_REQUIRED: { status: 400, message: FAQ_MESSAGES.textRequired },
  /** An FAQ title longer than FAQ_TITLE_MAX_LENGTH. */
  FAQ_TITLE_TOO_LONG: { status: 400, message: FAQ_MESSAGES.titleTooLong },
  /** An FAQ text longer than FAQ_TEXT_MAX_LENGTH. */
  FAQ_TEXT_TOO_LONG: { status: 400, message: FAQ_MESSAGES.textTooLong },
  /** An FAQ entry whose `parceiro` is neither 'todos' nor a partner id (issue 18 item 8). */
  FAQ_PARTNER_REQUIRED: { status: 400, message: FAQ_MESSAGES.partnerRequired },
  /** An FAQ entry written to an archived partner's list: its portal is off (decision 014). */
  FAQ_PARTNER_ARCHIVED: { status: 409, message: FAQ_MESSAGES.partnerArchived },
  /** atualizarDuvida of an entry in an archived partner's list, even to move it out: archived is final (decision 014). */
  FAQ_ENTRY_PARTNER_ARCHIVED: { status: 409, message: FAQ_MESSAGES.entryPartnerArchived },
  /** getDuvidas with a codigo that is no entry (spec 001 §8, spec 002 §8 'Dados não encontrados'). */
  FAQ_NOT_FOUND: { status: 200, message: FAQ_MESSAGES.listFailed },
  /** GET /api/duvidas/{id} of an entry that does not exist, or of a partner outside the caller's scope. */
  FAQ_ENTRY_NOT_FOUND: { status: 404, message: FAQ_MESSAGES.listFailed },
  /** atualizarDuvida of an entry that does not exist (any more) (spec 002 §8). */
  FAQ_UPDATE_FAILED: { status: 200, message: FAQ_MESSAGES.updateFailed },
  /** deletarDuvida of an entry that does not exist (any more) (spec 002 §8). */
  FAQ_DELETE_FAILED: { status: 200, message: FAQ_MESSAGES.deleteFailed },
  ...PARTNER_FORM_ERRORS,
  /** GET/PUT/DELETE /api/parceiro/{id} of an id that does not exist. */
  PARTNER_ID_NOT_FOUND: { status: 404, message: 'Parceiro não encontrado.' },
  /** Another partner already has this subdomain (identificador). */
  PARTNER_SUBDOMAIN_TAKEN: { status: 409, message: 'Este subdomínio já pertence a outro parceiro.' },
  /** Another partner had this subdomain before a rename: e-mails already sent name it (decision 087). */
  PARTNER_SUBDOMAIN_USED: {
    status: 409,
    message: 'Este subdomínio já foi usado por outro parceiro e não pode ser reutilizado.',
  },
  /** A label of the portal's own hosts (www, api, admin…), never a partner's subdomain (decision 087). */
  PARTNER_SUBDOMAIN_RESERVED: {
    status: 400,
    message: 'Este subdomínio é reservado pelo portal e não pode ser usado por um parceiro.',
  },
  /** The default partner, which the default host serves, keeps its subdomain (decision 087). */
  PARTNER_DEFAULT_SUBDOMAIN: {
    status: 403,
    message: 'O subdomínio do parceiro principal não pode ser alterado.',
  },
  /** A partner form opened before another staff member's save (decision 090): nothing is written. */
  PARTNER_CHANGED_MEANWHILE: {
    status: 409,
    message:
      'Este parceiro foi alterado por outra pessoa depois que você abriu o formulário, e nada foi salvo. Recarregue a página para ver os dados atuais e refaça a sua alteração.',
  },
  /** A partner a fixed host (PARTNER_HOSTS) serves keeps its subdomain, or the host would serve another (087). */
  PARTNER_FIXED_HOST_SUBDOMAIN: {
    status: 403,
    message:
      'Este parceiro é atendido por um endereço fixo na configuração do portal, e o seu subdomínio não pode ser alterado.',
  },
  /**
   * An operator's partner form changing the subdomain, the company or the stores (details: campo): they decide whose
   * debts, agreements and payments the partner's operators see, and where its e-mails lead, so only an administrator
   * changes them (decisions 024, 087).
   */
  PARTNER_TENANCY_ADMIN_ONLY: {
    status: 403,
    message: 'Somente um administrador pode mudar o subdomínio, a empresa ou as lojas de um parceiro.',
  },
  /** Another partner already has this company code (emp_codigo). */
  PARTNER_COMPANY_TAKEN: { status: 409, message: 'Este código de empresa já pertence a outro parceiro.' },
  /** Another partner had this company code before a change: step logs and imports name it (decision 087). */
  PARTNER_COMPANY_USED: {
    status: 409,
    message: 'Este código de empresa já foi usado por outro parceiro e não pode ser reutilizado.',
  },
  /** loj_codigo / loj_codigo_nao_negocia name a store that does not exist (details: campo, lojas). */
  PARTNER_STORE_NOT_FOUND: {
    status: 400,
    message: 'Loja não encontrada. Verifique os códigos de loja informados.',
  },
  /** Partner id 1 (or one with the undeletable capability) cannot be archived, the list's delete (spec 002 §6, §9). */
  PARTNER_NOT_ARCHIVABLE: { status: 403, message: 'O parceiro principal não pode ser arquivado.' },
  /** PUT or DELETE of an archived partner: its portal stays off and its configuration as it was (decision 014). */
  PARTNER_ARCHIVED: { status: 409, message: PARTNER_ARCHIVED_MESSAGE },
  /**
   * A partner form over its body limit (24 MB): its images, base64 in the JSON body (spec 002 §3), are too many or
   * too large together, each under IMAGE_TOO_LARGE's 2 MB or not (decision 059).
   */
  PARTNER_FORM_TOO_LARGE: {
    status: 413,
    message:
      'As imagens do formulário somam mais do que um envio permite. Envie imagens menores ou em menor quantidade.',
  },
  /** An upload that is not a PNG, JPEG, WebP or SVG by content, e.g. a text file renamed .png (details: campo). */
  IMAGE_NOT_AN_IMAGE: {
    status: 400,
    message: 'O arquivo enviado não é uma imagem válida. Envie uma imagem PNG, JPEG, WebP ou SVG.',
  },
  /** An upload over MAX_IMAGE_BYTES (details: campo). */
  IMAGE_TOO_LARGE: { status: 400, message: IMAGE_TOO_LARGE_MESSAGE },
  /** A store form over its body limit (4 MB): only its logo can be that large, so it is the image's message. */
  STORE_LOGO_TOO_LARGE: { status: 413, message: IMAGE_TOO_LARGE_MESSAGE },
  /** An SVG with a script, an event handler or an external reference (details: campo). */
  IMAGE_UNSAFE_SVG: {
    status: 400,
    message: 'A imagem SVG contém scripts, eventos ou referências externas e não pode ser usada.',
  },
  /** An image referenced by URL or id that is not stored (details: campo). */
  IMAGE_NOT_FOUND: { status: 400, message: 'Imagem não encontrada. Envie a imagem novamente.' },
  /** The job form of a partner without the workWithUsMenu capability (spec 000 §2: only the partner negocie). */
  JOB_FORM_UNAVAILABLE: { status: 404, message: JOB_MESSAGES.unavailable },
  /**
   * A CV that is not a PDF by content (one pdf-lib opens whole, unencrypted, with a page), is empty or is over
   * JOB_CV_MAX_BYTES (details: curriculo).
   */
  JOB_CV_INVALID: { status: 400, message: JOB_MESSAGES.cv },
  /** A job form over its body limit: a CV far over JOB_CV_MAX_BYTES (details: curriculo; decision 059). */
  JOB_CV_TOO_LARGE: { status: 413, message: JOB_MESSAGES.cv },
  /** No job application of that id in the staff member's scope. */
  JOB_APPLICATION_NOT_FOUND: { status: 404, message: JOB_MESSAGES.notFound },
  /** A store id that does not exist, or that no partner of the operator serves (back office's stores). */
  STORE_NOT_FOUND: { status: 404, message: STORE_MESSAGES.notFound },
  /** A partner of the store's that does not exist or is not the operator's (details: parceiros). */
  STORE_PARTNER_NOT_FOUND: { status: 400, message: STORE_MESSAGES.partnerNotFound },
  /** An operator's store that none of their partners would serve: it would vanish from their view (details: parceiros). */
  STORE_OWN_PARTNER_REQUIRED: { status: 400, message: STORE_MESSAGES.ownPartnerRequired },
  /**
   * An operator's store form setting an API Pix access other than the store's (details: pix_api): it names which of
   * the server's secrets go where, an administrator's decision (decision 027).
   */
  STORE_PIX_API_ADMIN_ONLY: { status: 403, message: STORE_MESSAGES.pixApiAdminOnly },
  /**
   * An operator's store form changing the CPF/CNPJ (details: cpf_cnpj): the import files a creditor's debts under the
   * store of its CPF/CNPJ, so a store claiming another creditor's would serve that creditor's debtors (decision 027).
   */
  STORE_DOCUMENT_ADMIN_ONLY: { status: 403, message: STORE_MESSAGES.documentAdminOnly },
  /**
   * An operator's store form changing where the store's money goes (details: the field): its bank account, boleto
   * convênio, PIX key or PSP, which the debtors of every partner serving the store pay into (decision 027).
   */
  STORE_PAYEE_ADMIN_ONLY: { status: 403, message: STORE_MESSAGES.payeeAdminOnly },
  /**
   * A store form changing its bank, convênio, agency, account or wallet while boletos issued under them may still be
   * paid (details: the field): the bank's retorno of those names the old ones (decision 086). Nothing is saved.
   */
  STORE_PAYEE_BOLETOS_OPEN: { status: 409, message: STORE_MESSAGES.payeeBoletosOpen },
  STORE_CHANGED_MEANWHILE: { status: 409, message: STORE_MESSAGES.changedMeanwhile },
  /** Another store has this CPF/CNPJ (details: cpf_cnpj). */
  STORE_DOCUMENT_TAKEN: { status: 409, message: STORE_MESSAGES.documentTaken },
  /** A privacy request id that does not exist (back office's privacy queue). */
  PRIVACY_REQUEST_NOT_FOUND: { status: 404, message: 'Solicitação não encontrada.' },
  /** A privacy request moved back or to the status it has (open → in_progress → answered only). */
  PRIVACY_STATUS_NOT_ALLOWED: {
    status: 409,
    message: 'O status desta solicitação só avança: aberta, em atendimento, respondida.',
  },
  /** The privacy status route asked to mark answered: an answer is written and e-mailed instead (decision 030). */
  PRIVACY_ANSWER_REQUIRED: { status: 409, message: WORK_QUEUE_MESSAGES.answerRequiredForPrivacy },
  /** A queue item that does not exist, or not in the operator's partners (answered as if it did not exist). */
  WORK_ITEM_NOT_FOUND: { status: 404, message: 'Item não encontrado.' },
  /** Answering, starting or assigning an item already answered (answering twice is refused). */
  WORK_ITEM_ANSWERED: { status: 409, message: WORK_QUEUE_MESSAGES.alreadyAnswered },
  /** Starting an item already in progress. */
  WORK_ITEM_IN_PROGRESS: { status: 409, message: WORK_QUEUE_MESSAGES.alreadyInProgress },
  WORK_ITEM_TAKEN: { status: 409, message: WORK_QUEUE_MESSAGES.takenMeanwhile },
  /** An assignee who is no active administrator nor an operator of the item's partner. */
  WORK_ASSIGNEE_INVALID: { status: 400, message: WORK_QUEUE_MESSAGES.assigneeInvalid },
  /** A counter-offer on anything but a proposal. */
  WORK_COUNTER_OFFER_NOT_ALLOWED: { status: 400, message: WORK_QUEUE_MESSAGES.counterOfferOnlyProposals },
  /** A counter-offer whose entry passes what the person owes at the store today (decision 044; details: entrada). */
  WORK_COUNTER_OFFER_ENTRY_ABOVE_DEBT: {
    status: 400,
    message: WORK_QUEUE_MESSAGES.counterOfferEntryAboveDebt,
  },
  /** A counter-offer on a store where the person owes nothing any more (decision 044; details: contraproposta). */
  WORK_COUNTER_OFFER_WITHOUT_DEBT: { status: 400, message: WORK_QUEUE_MESSAGES.counterOfferWithoutDebt },
  /** A counter-offer on a store whose debt an active agreement of the person covers (decision 044; details: contraproposta). */
  WORK_COUNTER_OFFER_UNDER_AGREEMENT: {
    status: 400,
    message: WORK_QUEUE_MESSAGES.counterOfferUnderAgreement,
  },
  /** getEmpresasCredoras with a code that is no creditor lead of the host's partner. */
  CREDITOR_LEAD_NOT_FOUND: { status: 200, message: CREDITOR_LEAD_NOT_FOUND },
  /** getEmpresasCredoras or cadastrarCliente with the code of a lead that already has its company. */
  CREDITOR_LEAD_SIGNED_UP: { status: 200, message: CREDITOR_LEAD_SIGNED_UP },
  /** cadastrarEmpresaCredora with the CNPJ of a company that finished the sign-up on this portal (details: cnpj). */
  CREDITOR_CNPJ_SIGNED_UP: { status: 400, message: CREDITOR_REGISTRATION_MESSAGES.cnpjSignedUp },
  /**
   * cadastrarCliente with a login another creditor user has (spec 002 §4: the server message, wizard stays; details
   * CREDITOR_SIGN_UP_TAKEN.login, so the wizard shows it under Usuário).
   */
  CREDITOR_LOGIN_TAKEN: { status: 200, message: CREDITOR_SIGN_UP_MESSAGES.loginTaken },
  /** cadastrarCliente with a company name whose emp_nome_banco another company has (details: `{ emp_nome }`). */
  CREDITOR_COMPANY_TAKEN: { status: 200, message: CREDITOR_SIGN_UP_MESSAGES.companyTaken },
  /** A CNAB remessa for a store without agency, account or convênio (details: loja). */
  CNAB_STORE_BANK_DATA_MISSING: {
    status: 409,
    message: 'A loja não tem agência, conta e convênio cadastrados para gerar a remessa.',
  },
  /** A retorno with a bad line or wrong totals: nothing was applied (details: erros, each with linha and mensagem). */
  RETORNO_INVALID: {
    status: 422,
    message: 'O arquivo de retorno tem erros e nada foi importado. Corrija as linhas indicadas.',
  },
  /**
   * A retorno whose header names a bank, convênio, agency and account of no store (details: banco, convenio,
   * agencia, conta): nothing was applied.
   */
  RETORNO_UNKNOWN_CONVENIO: {
    status: 422,
    message:
      'O arquivo de retorno é de um convênio, agência ou conta que não está cadastrado em nenhuma loja. Nada foi importado.',
  },
  /** A retorno over RETORNO_MAX_BYTES. */
  RETORNO_TOO_LARGE: { status: 413, message: 'O arquivo de retorno é maior que 5 MB.' },
  /** The demo payment names no boleto of ours (linha digitável or nosso número). */
  BOLETO_NOT_FOUND: { status: 404, message: 'Boleto não encontrado.' },
  /** A portfolio import while another runs (decision 028: refused, not queued). */
  IMPORT_RUNNING: { status: 409, message: IMPORT_MESSAGES.running },
  /** A portfolio upload whose body is not the file's bytes (text/csv or application/octet-stream). */
  IMPORT_NOT_CSV: { status: 415, message: IMPORT_MESSAGES.notCsv },
  /** A portfolio upload over IMPORT_MAX_MEGABYTES. */
  IMPORT_TOO_LARGE: { status: 413, message: IMPORT_MESSAGES.tooLarge },
  /** A portfolio import for a partner id that does not exist. */
  IMPORT_PARTNER_NOT_FOUND: { status: 404, message: IMPORT_MESSAGES.partnerNotFound },
  /** A portfolio sent to an archived partner: its portal is off and its debts are no longer offered (decision 014). */
  IMPORT_PARTNER_ARCHIVED: { status: 409, message: IMPORT_MESSAGES.partnerArchived },
  IMPORT_RUN_NOT_FOUND: { status: 404, message: IMPORT_MESSAGES.runNotFound },
  /** Anything unexpected; details stay in the log. */
  INTERNAL: { status: 500, message: 'Ocorreu um erro. Tente novamente' },
} as const;

export type AppErrorCode = keyof typeof APP_ERRORS;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: unknown;

  constructor(code: AppErrorCode, details?: unknown) {
    super(APP_ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return APP_ERRORS[this.code].status;
  }
}

export function errorResponse(code: AppErrorCode): { status: number; message: string } {
  return APP_ERRORS[code];
}

/**
 * The error of a form's first broken rule (packages/domain `firstIssue`): the one of `codes` whose text is the
 * rule's message, with `{ field: message }` for the form. A message none of them has is a bug, not a user's error.
 */
export function ruleError(
  codes: readonly AppErrorCode[],
  failure: { field: string; message: string },
): AppError {
  const code = codes.find((candidate) => APP_ERRORS[candidate].message === failure.message);
  if (!code) throw new Error(`No error code says: ${failure.message}`);
  return new AppError(code, { [failure.field]: failure.message });
}
