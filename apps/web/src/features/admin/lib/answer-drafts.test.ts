// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { dropAnswerDraft, forgetAnswerDrafts, readAnswerDraft, saveAnswerDraft } from './answer-drafts';

const MINE = { userId: 7, queue: 'propostas', id: 41 } as const;
const OTHER_ITEM = { userId: 7, queue: 'contestacoes', id: 41 } as const;
const COLLEAGUE = { userId: 8, queue: 'propostas', id: 41 } as const;

afterEach(() => window.sessionStorage.clear());

describe('answer drafts', () => {
  it("keeps what is typed, per staff user and item, for this tab's session only", () => {
    saveAnswerDraft(MINE, { texto: 'Podemos parcelar.', contraproposta: true, entrada: '100,00' });
    expect(readAnswerDraft(MINE)).toEqual({
      texto: 'Podemos parcelar.',
      contraproposta: true,
      entrada: '100,00',
    });
    expect(readAnswerDraft(OTHER_ITEM)).toBeNull();
    expect(readAnswerDraft(COLLEAGUE)).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('an emptied form, a sent answer and an unreadable value leave no draft', () => {
    saveAnswerDraft(MINE, { texto: 'Olá' });
    saveAnswerDraft(MINE, { texto: '', contraproposta: false, entrada: '' });
    expect(readAnswerDraft(MINE)).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    saveAnswerDraft(MINE, { texto: 'Olá' });
    dropAnswerDraft(MINE);
    expect(readAnswerDraft(MINE)).toBeNull();
    window.sessionStorage.setItem('rascunhoResposta:7:propostas:41', '{not json');
    expect(readAnswerDraft(MINE)).toBeNull();
  });

  it("a logout forgets every draft; a login, the other users' only", () => {
    saveAnswerDraft(MINE, { texto: 'Minha' });
    saveAnswerDraft(OTHER_ITEM, { texto: 'Outra' });
    saveAnswerDraft(COLLEAGUE, { texto: 'Da colega' });
    window.sessionStorage.setItem('acordoRealizadoPortal', '52998224725');
    forgetAnswerDrafts(7);
    expect(readAnswerDraft(MINE)).toEqual({ texto: 'Minha' });
    expect(readAnswerDraft(OTHER_ITEM)).toEqual({ texto: 'Outra' });
    expect(readAnswerDraft(COLLEAGUE)).toBeNull();
    forgetAnswerDrafts();
    expect(readAnswerDraft(MINE)).toBeNull();
    expect(readAnswerDraft(OTHER_ITEM)).toBeNull();
    // Only drafts: the tab's other keys stay.
    expect(window.sessionStorage.getItem('acordoRealizadoPortal')).toBe('52998224725');
  });
});
