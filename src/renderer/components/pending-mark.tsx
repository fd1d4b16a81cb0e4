import { useTranslation } from 'react-i18next';

type Props = {
  /** Also writes the words beside the icon (the open record's header); rows show the icon. */
  withText?: boolean;
};

/**
 * The small mark on a list row or an open record whose edits have not reached the school:
 * an upward arrow into a tray, named "Not sent yet" for screen readers and as a tooltip.
 */
export function PendingMark({ withText = false }: Props) {
  // Through the hook, so the mark speaks again when the owner changes the language.
  const label = useTranslation('outbox').t('pendingMark');
  return (
    <span className="pending-mark" role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M8 1.5 4.5 5h2.25v5h2.5V5h2.25L8 1.5ZM2 9v4.5A1.5 1.5 0 0 0 3.5 15h9a1.5 1.5 0 0 0 1.5-1.5V9h-1.5v4.5h-9V9H2Z"
        />
      </svg>
      {withText ? (
        <span className="pending-mark-text" aria-hidden="true">
          {label}
        </span>
      ) : null}
    </span>
  );
}
