import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxStatus } from '../../shared/outbox-contract';
import { useOutboxActions } from './use-outbox-actions';

type Props = { schoolId: string; status: OutboxStatus | undefined };

/**
 * What the outbox panel says beside the entries: that unreadable data was set aside (with how
 * many unsent changes it held, and when), until the owner has read it; and that another
 * account's unsent changes wait on this computer, with Leave them and Discard them (which asks
 * first: nothing of them can be had back).
 */
export function OutboxNotices({ schoolId, status }: Props) {
  const { t } = useTranslation(['outbox', 'common', 'shell']);
  const { acknowledgeUnreadable, discardOtherAccount } = useOutboxActions(schoolId);
  const [leftAlone, setLeftAlone] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const unreadable = status?.unreadable;
  const other = status?.otherAccount;
  return (
    <>
      {unreadable ? (
        <div role="alert" className="notice warning outbox-notice">
          <p>
            <strong>{t('notices.unreadableTitle')}</strong>
          </p>
          <p>{t('notices.unreadable', unreadable)}</p>
          <button
            type="button"
            className="secondary"
            disabled={acknowledgeUnreadable.isPending}
            onClick={() => acknowledgeUnreadable.mutate()}
          >
            {t('notices.understood')}
          </button>
        </div>
      ) : null}
      {other && !leftAlone ? (
        <div
          role="region"
          aria-label={t('shell:outbox.otherAccountShort', { count: other.count })}
          className="notice outbox-notice"
        >
          <p>{t('notices.otherAccount', other)}</p>
          {confirming ? (
            <div className="actions">
              <span>{t('notices.discardOthersConfirm', { count: other.count })}</span>
              <button
                type="button"
                className="danger"
                disabled={discardOtherAccount.isPending}
                onClick={() =>
                  discardOtherAccount.mutate(undefined, { onSettled: () => setConfirming(false) })
                }
              >
                {t('notices.discardOthersYes')}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                {t('common:cancel')}
              </button>
            </div>
          ) : (
            <div className="actions">
              <button type="button" className="secondary" onClick={() => setLeftAlone(true)}>
                {t('notices.leave')}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirming(true)}>
                {t('notices.discardOthers')}
              </button>
            </div>
          )}
        </div>
      ) : null}
    </>
  );
}
