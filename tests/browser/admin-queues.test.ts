import { and, eq, inArray, notExists } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agreementContracts,
  contracts,
  debtorRequests,
  instalments,
  partners,
  persons,
  staffTokens,
} from '../../apps/server/src/db/schema';
import { createStaffUser } from '../../apps/server/src/services/staff/create-staff-user';
import { mimeParts } from '../../apps/server/test/smtp-peer';
import { browserSuite, openPage, portugueseContext } from './browser-suite';
import { JOAO, loginDebtor } from './debtor-login';
import { axeViolations } from './harness';
import { logIn, logInToPartners } from './staff-login';

// Issue 18 item 4 through the built web app: a staff member opens the proposals queue, starts João's proposal and
// answers it with a counter-offer; the answer arrives at a real SMTP server and João sees the counter-offer on his
// debts. Axe on the queue and the item screens.

const SHOTS = '/tmp/admin-queues-screens';
const suite = browserSuite(SHOTS);
const STAFF = { username: 'filas.browser', password: 'Filas#2026x' };
const ANSWER = 'Olá, João. Não podemos aceitar 10 parcelas, mas podemos fazer assim.';

describe('work queues in the back office', () => {
  it('staff answer a proposal with a counter-offer: the e-mail arrives and the debtor sees it', async () => {
    const { db } = suite.portal.database;
    await createStaffUser(db, STAFF);
    // João's proposal for one of his stores at the demo partner, as cadastrarProposta stores it: the store without
    // his agreement (a debt under an agreement shows no counter-offer).
    const [demo] = await db.select().from(partners).where(eq(partners.identifier, 'demo'));
    const [joao] = await db.select().from(persons).where(eq(persons.cpfCnpj, JOAO.digits));
    const [contract] = await db
      .select()
      .from(contracts)
      .where(
        and(
          eq(contracts.personId, joao!.id),
          notExists(
            db.select().from(agreementContracts).where(eq(agreementContracts.contractId, contracts.id)),
          ),
        ),
      );
    await db.insert(debtorRequests).values({
      partnerId: demo!.id,
      personId: joao!.id,
      storeId: contract!.storeId,
      kind: 'proposal',
      entryCents: 5_000,
      instalmentCount: 10,
      instalmentCents: 3_000,
    });

    const page = await openPage(suite);
    await logInToPartners(page, suite.portal.url(null, '/login'), STAFF);
    await page
      .getByRole('navigation', { name: 'Menu administrativo' })
      .getByRole('link', { name: 'Filas' })
      .click();
    await page.waitForURL('**/admin/filas/propostas');
    const row = page.getByTestId('work-item').filter({ hasText: joao!.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('10 parcela(s)');
    expect(await row.getByTestId('work-item-status').textContent()).toBe('Em aberto');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/queue.png`, fullPage: true });

    await row.getByRole('link', { name: new RegExp(`abrir o item de ${joao!.name}`) }).click();
    await page.waitForURL('**/admin/filas/propostas/*');
    // Who asked, and how to reach them: the phone on file too; and what João owes at that store today.
    const facts = page.getByTestId('work-item-facts');
    await facts.getByText('(21) 99876-5432').waitFor();
    await facts.getByText(/^R\$\s[\d.]+,\d{2}, valor atualizado com multa e juros/).waitFor();
    await page.getByRole('button', { name: 'Iniciar atendimento' }).click();
    await page.getByText('Atendimento iniciado.').waitFor();
    await page
      .getByTestId('work-item-history')
      .getByText(/Atendimento iniciado por filas.browser/)
      .waitFor();

    // The form's rules are the debtor's proposal rules: the counter-offer needs its fields.
    await page.getByRole('button', { name: 'Enviar resposta' }).click();
    await page.getByText('Escreva a resposta que a pessoa vai receber.').waitFor();
    await page.getByLabel('Resposta (enviada por e-mail à pessoa)').fill(ANSWER);
    await page.getByRole('checkbox', { name: 'Enviar uma contraproposta' }).check();
    // The entry may not pass the debt (decision 044): the limit is said beside it, and checked as the server does.
    const limit = page.getByText(/^Até R\$\s[\d.]+,\d{2}, o valor atualizado da dívida hoje\.$/);
    await limit.waitFor();
    const entry = page.getByLabel('Entrada');
    const ABOVE_DEBT = 'A entrada não pode ser maior que o valor atualizado da dívida.';
    await entry.fill('999.999,99');
    await page.getByLabel('Quantidade de parcelas').fill('4');
    await page.getByLabel('Valor da parcela').fill('150,00');
    await page.getByRole('button', { name: 'Enviar resposta' }).click();
    await page.getByText(ABOVE_DEBT).waitFor();
    expect(await entry.getAttribute('aria-invalid')).toBe('true');
    await entry.fill('200,00');
    // The counter-offer's total, beside the debt: instalments may total more than it, so that is only said.
    await page
      .getByTestId('work-answer-total')
      .getByText(/^Total da contraproposta: R\$\s800,00, R\$\s[\d.]+,\d{2} abaixo da dívida hoje$/)
      .waitFor();
    expect(await page.getByText(ABOVE_DEBT).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/item.png`, fullPage: true });

    // João's debt there shrank after the screen read it (the creditor's next portfolio): the server refuses the
    // entry with the same message, under the field, and the screen reads the item again, with the debt now.
    const limitThen = await limit.textContent();
    const storeContracts = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.personId, joao!.id), eq(contracts.storeId, contract!.storeId)));
    const ofStore = inArray(
      instalments.contractId,
      storeContracts.map((c) => c.id),
    );
    const balances = await db
      .select({ id: instalments.id, balanceCents: instalments.balanceCents })
      .from(instalments)
      .where(ofStore);
    await db.update(instalments).set({ balanceCents: 1 }).where(ofStore);
    await page.getByRole('button', { name: 'Enviar resposta' }).click();
    await page.getByText(ABOVE_DEBT).waitFor();
    expect(await entry.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => limit.textContent()).not.toBe(limitThen);
    for (const { id, balanceCents } of balances)
      await db.update(instalments).set({ balanceCents }).where(eq(instalments.id, id));
    // Read again, the item has its debt back; the typed answer comes back from its draft.
    await page.reload();
    await entry.waitFor();
    expect(await entry.inputValue()).toBe('R$ 200,00');
    expect(await limit.textContent()).toBe(limitThen);
    await page.getByRole('button', { name: 'Enviar resposta' }).click();
    await page.getByTestId('work-answer').waitFor();
    expect(await page.getByTestId('work-answer').textContent()).toBe(ANSWER);
    await page.getByText(/Contraproposta: Entrada de R\$\s200,00 e 4 parcela\(s\) de R\$\s150,00/).waitFor();
    expect(await page.getByRole('button', { name: 'Enviar resposta' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The outbox worker delivers the answer to João's address at the SMTP server.
    const { smtp } = suite.portal;
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes('joao.lima@example.com')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const mail = smtp.received.find((m) => m.to.includes('joao.lima@example.com'))!;
    const text = mimeParts(mail)
      .find((p) => p.contentType === 'text/plain')!
      .content.toString('utf8');
    expect(text).toContain(ANSWER);
    expect(text).toMatch(/entrada de R\$\s200,00 e 4 parcela\(s\) de R\$\s150,00/);

    // João sees the counter-offer on his debts.
    const debtor = await portugueseContext(suite.browser);
    try {
      const portal = await debtor.newPage();
      await portal.goto(suite.portal.url('demo', '/'));
      await loginDebtor(portal, JOAO);
      await portal.getByRole('link', { name: /^Minhas Dívidas/ }).click();
      await portal.waitForURL('**/minhas-dividas');
      const offer = portal.getByTestId('debt-counter-offer');
      await offer.waitFor();
      expect(await offer.textContent()).toContain(ANSWER);
      expect(await axeViolations(portal)).toEqual([]);
    } finally {
      await debtor.close();
    }
  });
});

/** A dispute of João's on the demo partner, open and nobody's, straight in the database. */
async function disputeOfJoao() {
  const { db } = suite.portal.database;
  const [demo] = await db.select().from(partners).where(eq(partners.identifier, 'demo'));
  const [joao] = await db.select().from(persons).where(eq(persons.cpfCnpj, JOAO.digits));
  const [contract] = await db.select().from(contracts).where(eq(contracts.personId, joao!.id));
  const [item] = await db
    .insert(debtorRequests)
    .values({ partnerId: demo!.id, personId: joao!.id, storeId: contract!.storeId, kind: 'dispute' })
    .returning();
  return item!;
}

describe('a work item screen that went stale', () => {
  it('is told when a colleague took or answered the item meanwhile, and then shows what is true now', async () => {
    const { db } = suite.portal.database;
    const me = { username: 'filas.stale', password: 'Filas#2026y' };
    await createStaffUser(db, me);
    const colleague = await createStaffUser(db, { username: 'filas.colega', password: 'Filas#2026z' });
    const item = await disputeOfJoao();

    const page = await openPage(suite);
    await logInToPartners(page, suite.portal.url(null, '/login'), me);
    await page.goto(suite.portal.url(null, `/admin/filas/contestacoes/${item.id}`));
    const facts = page.getByTestId('work-item-facts');
    await facts.getByText('Ninguém').waitFor();

    // The colleague takes it while this screen still says nobody has it.
    await db.update(debtorRequests).set({ assignedTo: colleague.id }).where(eq(debtorRequests.id, item.id));
    await page.getByRole('button', { name: 'Assumir' }).click();
    const modal = page.getByTestId('modal');
    await modal
      .getByText('Outra pessoa da equipe assumiu este item enquanto você o via. Confira o responsável agora.')
      .waitFor();
    await modal.getByRole('button', { name: 'OK' }).click();
    await facts.getByText('filas.colega').waitFor();

    // Then answers it while this screen still offers the answer form.
    await db
      .update(debtorRequests)
      .set({
        status: 'answered',
        answerText: 'Respondido pela colega.',
        answeredAt: new Date(),
        answeredBy: colleague.id,
      })
      .where(eq(debtorRequests.id, item.id));
    await page.getByLabel('Resposta (enviada por e-mail à pessoa)').fill('Minha resposta.');
    await page.getByRole('button', { name: 'Enviar resposta' }).click();
    await modal.getByText('Este item já foi respondido.').waitFor();
    await modal.getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('work-answer').getByText('Respondido pela colega.').waitFor();
    expect(await page.getByRole('button', { name: 'Enviar resposta' }).count()).toBe(0);
  });
});

describe('an answer being typed when the staff token expires', () => {
  it('waits on the item after the next login; sending it or Sair forgets it', async () => {
    const { db } = suite.portal.database;
    const me = { username: 'filas.rascunho', password: 'Filas#2026r' };
    const staff = await createStaffUser(db, me);
    const item = await disputeOfJoao();
    const itemUrl = suite.portal.url(null, `/admin/filas/contestacoes/${item.id}`);
    const page = await openPage(suite);
    const answer = () => page.getByLabel('Resposta (enviada por e-mail à pessoa)');
    const drafts = () =>
      page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('rascunhoResposta:')));

    await logInToPartners(page, suite.portal.url(null, '/login'), me);
    await page.goto(itemUrl);
    await answer().fill('Vamos verificar a dívida e retornamos em breve.');
    // Kept as a draft: leaving the item asks nothing, and the text is there on the way back.
    await page.getByRole('link', { name: 'Voltar para a fila' }).click();
    await page.waitForURL('**/admin/filas/contestacoes');
    expect(await page.getByTestId('modal').count()).toBe(0);
    // The item is read again on its return (READ_ON_OPEN) behind the draft, which shows at once: that read ends
    // before the token expires below, or on a slow run it would take the page to the login before the click.
    const itemReadAgain = page.waitForResponse((response) =>
      response.url().endsWith(`/api/filas/contestacoes/${item.id}`),
    );
    await page.goBack();
    await itemReadAgain;
    await expect.poll(() => answer().inputValue()).toBe('Vamos verificar a dívida e retornamos em breve.');
    // The token expires while the answer is typed: sending it goes to the login, without asking to leave unsaved.
    await db
      .update(staffTokens)
      .set({ expiresAt: new Date(0) })
      .where(eq(staffTokens.staffUserId, staff.id));
    await page.getByRole('button', { name: 'Enviar resposta' }).click();
    await page.waitForURL('**/login');
    expect(await page.getByTestId('modal').count()).toBe(0);

    await logIn(page, me.username, me.password);
    await page.waitForURL('**/admin/parceiros');
    await page.goto(itemUrl);
    await expect.poll(() => answer().inputValue()).toBe('Vamos verificar a dívida e retornamos em breve.');

    // Sair: the next person at this computer finds no draft, not even in the tab's storage.
    await page.getByTestId('admin-logout').click();
    await page.waitForURL('**/login');
    expect(await drafts()).toEqual([]);
    await logIn(page, me.username, me.password);
    await page.waitForURL('**/admin/parceiros');
    await page.goto(itemUrl);
    await page.getByRole('button', { name: 'Enviar resposta' }).waitFor();
    expect(await answer().inputValue()).toBe('');

    // Sent: the answer shows in place of the form and its draft is gone.
    await answer().fill('Contestação recebida.');
    expect(await drafts()).toHaveLength(1);
    await page.getByRole('button', { name: 'Enviar resposta' }).click();
    await page.getByTestId('work-answer').getByText('Contestação recebida.').waitFor();
    expect(await drafts()).toEqual([]);
  });
});
