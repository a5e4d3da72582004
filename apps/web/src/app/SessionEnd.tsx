import { GENERIC_ERROR_TITLE, SESSION_EXPIRED } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../components/ui/feedback';
import { forgetDebtor, sessionSeenInTab } from '../features/debts/api/debts';
import { onSessionEnd } from '../lib/api';

/**
 * The one way a debtor's session ends under a screen (lib/api.ts onSessionEnd): the person leaves for the partner's
 * landing page, what was read under the session is forgotten, and the server's message says why, once. Someone who
 * never had a session in this tab (a debtor page opened directly) just lands on the landing page: nothing expired.
 */
export function SessionEnd() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showModal, hideLoading } = useFeedback();
  useEffect(() => {
    // Several calls in flight (a screen's reads, a prefetch) find the ended session together: one message.
    let leaving = false;
    return onSessionEnd((message) => {
      if (leaving) return;
      const ended = sessionSeenInTab();
      // The call that found it never settles, so the screen that asked cannot take its loading overlay down.
      hideLoading();
      navigate('/', { replace: true });
      forgetDebtor(queryClient);
      if (!ended) return;
      leaving = true;
      void showModal({
        title: GENERIC_ERROR_TITLE,
        text: message || SESSION_EXPIRED,
        style: 'alert',
      }).finally(() => {
        leaving = false;
      });
    });
  }, [hideLoading, navigate, queryClient, showModal]);
  return null;
}
