import { eventCauseLabel } from '@portal/domain';

/**
 * A recorded cause as staff read it (eventCauseLabel), with the stored code under it in small type: staff may need
 * the code itself (an endToEndId, a retorno's line) to look a payment up.
 */
export function EventCause({ cause }: { cause: string }) {
  const label = eventCauseLabel(cause);
  if (label === cause) return <code>{cause}</code>;
  return (
    <span className="admin-cause" data-testid="event-cause">
      <span className="admin-cause__label">{label}</span>
      <code className="admin-cause__code">{cause}</code>
    </span>
  );
}
