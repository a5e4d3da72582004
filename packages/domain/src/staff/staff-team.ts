import { z } from 'zod';
import { jsonCode } from '../validation/wire-fields';

// The back office's staff management (issue 18 item 5; decision 024): roles, the member form shared by the screen
// and the server, and the list and audit answers.

export const STAFF_ROLE_NAMES = ['administrator', 'operator', 'auditor'] as const;
export type StaffRoleName = (typeof STAFF_ROLE_NAMES)[number];

/**
 * Who may call a staff route, by what the route does (decision 024): the server's guard refuses the other roles, and
 * the back office offers each action only to the roles that may do it.
 */
export const STAFF_ACCESS = {
  /** The caller's own account (who am I, log out, change my password): every role. */
  own: STAFF_ROLE_NAMES,
  /** Reads: every role; an operator's answer is limited to their partners by the service. */
  read: STAFF_ROLE_NAMES,
  /** Writes to partner-owned rows: administrators, and operators on their partners (auditors only read). */
  write: ['administrator', 'operator'],
  /** Reads of what belongs to no partner in particular (bank files, the audit of others): no operator. */
  oversight: ['administrator', 'auditor'],
  /** Calls only an administrator makes: partners created and archived, staff, the audit, bank files. */
  administration: ['administrator'],
} as const satisfies Record<string, readonly StaffRoleName[]>;
export type StaffAccess = keyof typeof STAFF_ACCESS;

/** The role may do what the access names. */
export const staffMay = (role: StaffRoleName, access: StaffAccess): boolean =>
  (STAFF_ACCESS[access] as readonly StaffRoleName[]).includes(role);

export const STAFF_ROLE_LABELS: Record<StaffRoleName, string> = {
  administrator: 'Administrador',
  operator: 'Operador',
  auditor: 'Auditor',
};

/** User names: 2 to 60 of a-z 0-9 . _ @ -, starting with a letter or digit (compared lower-case). */
export const STAFF_USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{1,59}$/;

export const STAFF_TEAM_MESSAGES = {
  usernameRequired: 'O campo usuário é obrigatório',
  usernameInvalid:
    'Usuário inválido: use de 2 a 60 letras minúsculas, números, ponto, hífen, sublinhado ou @.',
  roleRequired: 'Selecione o papel do usuário.',
  partnersRequired: 'Selecione ao menos um parceiro para o operador.',
  lastAdministrator: 'É preciso manter ao menos um administrador ativo.',
  created: 'Usuário cadastrado com sucesso!',
  updated: 'Usuário atualizado com sucesso!',
  disabled: 'Usuário desativado com sucesso!',
  enabled: 'Usuário reativado com sucesso!',
  passwordReset: 'Senha redefinida com sucesso!',
  empty: 'Nenhum usuário cadastrado',
  temporaryPassword: 'Senha temporária (mostrada uma única vez; o usuário deve trocá-la no primeiro acesso):',
} as const;

/** Role and partners of a member (the PUT body); an operator works for one partner at least. */
export const staffAccessSchema = z
  .object({
    papel: z.enum(STAFF_ROLE_NAMES, { message: STAFF_TEAM_MESSAGES.roleRequired }),
    parceiros: z.array(jsonCode).max(1000).default([]),
  })
  .superRefine((input, ctx) => {
    if (input.papel === 'operator' && input.parceiros.length === 0)
      ctx.addIssue({ code: 'custom', path: ['parceiros'], message: STAFF_TEAM_MESSAGES.partnersRequired });
  });

/** A new member (the POST body): a user name, a role and, for an operator, partners. */
export const staffMemberSchema = z
  .object({
    usuario: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, STAFF_TEAM_MESSAGES.usernameRequired)
      .regex(STAFF_USERNAME_PATTERN, STAFF_TEAM_MESSAGES.usernameInvalid),
  })
  .and(staffAccessSchema);

export type StaffMemberInput = z.input<typeof staffMemberSchema>;
export type StaffAccessInput = z.input<typeof staffAccessSchema>;

/** A member as GET /api/equipe lists them. */
export interface StaffMemberItem {
  id: number;
  usuario: string;
  papel: StaffRoleName;
  parceiros: { id: number; nome: string }[];
  ativo: boolean;
  trocar_senha: boolean;
  criado_em: string;
}

/** The answer of a create or a password reset: the temporary password, shown once and never stored in clear. */
export interface StaffTemporaryPassword {
  usuario: StaffMemberItem;
  senha_temporaria: string;
}

/** An audit row as GET /api/auditoria lists it. */
export interface AuditItem {
  id: number;
  em: string;
  usuario_id: number;
  usuario: string;
  ip: string | null;
  rota: string;
  acao: string;
  entidade: string | null;
  entidade_id: string | null;
  antes: unknown;
  depois: unknown;
}

// Decision 024: what an audit row names, in the words staff read on Auditoria and in its spreadsheet. The server's
// audit writes are typed by these keys, so a new entity or action cannot be recorded without its label.

/** The audited entities: the rows staff change or the people's data they read. */
export const AUDIT_ENTITY_LABELS = {
  partner: 'Parceiro',
  store: 'Loja',
  agreement: 'Acordo',
  unapplied_money: 'Valor não aplicado',
  // A second copy payment's money that paid nothing (decision 061): its id is the payment's, not an event's.
  second_copy_unapplied_money: 'Valor não aplicado de 2ª via',
  import_run: 'Importação de carteira',
  cnab_file: 'Arquivo CNAB',
  faq: 'Dúvida frequente',
  lead: 'Lead',
  // The simple creditor registration's lead (decision 084: erased by its retention).
  creditor_lead: 'Cadastro de credor parceiro',
  job_application: 'Candidatura',
  privacy_request: 'Solicitação de privacidade',
  // A proposal, a dispute or a cannot-pay (the rows of older releases: any debtor request, calls included).
  debtor_request: 'Solicitação do devedor',
  // A debtor's call or WhatsApp request (a debtor_requests row too, named apart since decision 057's erasure).
  call_request: 'Pedido de ligação ou WhatsApp',
  contact_message: 'Pedido de contato',
  // Access records a retention job reached (decision 072): a row per batch, with how many.
  step_log: 'Registros de navegação',
  debtor_session: 'Sessões de devedores',
  work_item: 'Fila de atendimento',
  staff_user: 'Usuário do painel',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;

/** The audited actions: the HTTP verb's, or the use case's own. */
export const AUDIT_ACTION_LABELS = {
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
  read: 'Consulta',
  archive: 'Arquivamento',
  cancel: 'Cancelamento',
  switch_on: 'Ativação',
  switch_off: 'Desativação',
  enable: 'Reativação',
  disable: 'Desativação',
  'reset-password': 'Senha redefinida',
  assign: 'Atribuição',
  start: 'Início do atendimento',
  answer: 'Resposta',
  resolve: 'Resolução',
  anonymise: 'Anonimização',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** An audit row's entity or action as staff read it; a code of an older release without a label, as it was stored. */
export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITY_LABELS[entity as AuditEntity] ?? entity;
}

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}
