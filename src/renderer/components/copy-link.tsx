import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Status = { tone: 'info' | 'warning'; text: string };

/**
 * The sign-in link as selectable text with a "Copy link" button. When the clipboard is not
 * available (some hosts and permissions forbid it), the text is selected instead so the user
 * can copy it with the keyboard.
 */
export function CopyLink({ url }: { url: string }) {
  const fieldId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>();
  const { t } = useTranslation('connect');

  const fallback = () => {
    fieldRef.current?.select();
    setStatus({
      tone: 'warning',
      text: t('copyLink.cannotCopy'),
    });
  };
  const copy = async () => {
    // navigator.clipboard is missing outside secure contexts, so check before using it.
    if (!('clipboard' in navigator)) return fallback();
    try {
      await navigator.clipboard.writeText(url);
      setStatus({ tone: 'info', text: t('copyLink.copied') });
    } catch {
      fallback();
    }
  };

  return (
    <div className="copy-link">
      <label htmlFor={fieldId}>{t('copyLink.label')}</label>
      <div className="copy-link-row">
        <input id={fieldId} ref={fieldRef} type="text" readOnly value={url} spellCheck={false} />
        <button type="button" className="secondary" onClick={() => void copy()}>
          {t('copyLink.copy')}
        </button>
      </div>
      <p role="status" className={`hint ${status?.tone ?? ''}`}>
        {status?.text ?? ''}
      </p>
    </div>
  );
}
