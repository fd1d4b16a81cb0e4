import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One entry of a menu. `checked` makes it one of a set of choices (a `menuitemradio`, e.g. the
 * school shown now); `detail` is a second, quieter line (a school's address).
 */
export type MenuItem = {
  id: string;
  label: string;
  detail?: string;
  checked?: boolean;
  onSelect: () => void;
};

type Props = {
  /** What the button shows; `label` names it for assistive tech when it differs. */
  children: ReactNode;
  /** The menu's accessible name. */
  label: string;
  items: readonly MenuItem[];
  buttonRef?: RefObject<HTMLButtonElement | null>;
  className?: string;
  /** A tooltip for the button (the whole name when the button shows it cut short). */
  title?: string;
};

/**
 * A menu button, following the WAI-ARIA menu button pattern: Enter, Space or Arrow Down opens
 * it on the first item (Arrow Up on the last), arrows and Home/End move, Escape closes it and
 * returns focus to the button, Tab or a click elsewhere closes it.
 */
export function MenuButton({ children, label, items, buttonRef, className, title }: Props) {
  const menuId = useId();
  const ownRef = useRef<HTMLButtonElement>(null);
  const button = buttonRef ?? ownRef;
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      setFocusIndex(target);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="menu-root" ref={rootRef}>
      <button
        ref={button}
        type="button"
        className={`secondary ${className ?? ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={title}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {children}
      </button>
      {open ? (
        <ul id={menuId} className="menu" role="menu" aria-label={label} onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <li key={item.id} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
                aria-checked={item.checked}
                tabIndex={index === focusIndex ? 0 : -1}
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.checked === undefined ? null : (
                  <span className="menu-check" aria-hidden="true" />
                )}
                <span className="menu-label">{item.label}</span>
                {item.detail ? <span className="menu-detail">{item.detail}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The header's "Account" menu: a {@link MenuButton} named Account. */
export function AccountMenu(props: {
  items: readonly MenuItem[];
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('shell');
  return (
    <MenuButton label={t('header.account')} {...props}>
      {t('header.account')}
    </MenuButton>
  );
}
