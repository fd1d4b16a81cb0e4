import i18next from 'i18next';
import { useEffect, useRef } from 'react';
import type { Area } from '../ui-store';
import { AREAS } from '../words/areas';

/** What the global shortcuts do; the workspace passes its own actions. */
export type ShortcutActions = {
  openPalette: () => void;
  openShortcuts: () => void;
  openArea: (area: Area) => void;
  /** "n": start a new record in the current area (or ask for write access). */
  newRecord: () => void;
};

/**
 * Every shortcut, as the help sheet lists them, in the owner's language (read each time, so it
 * follows a change of language). `mod` is Ctrl, or ⌘ on a Mac; key names stay as printed on
 * the keys, but for the space bar.
 */
export function shortcutList(): readonly { keys: string; does: string }[] {
  const either = (first: string, second: string) =>
    i18next.t('shell:shortcuts.either', { first, second });
  return [
    { keys: either('Ctrl+K', '⌘K'), does: i18next.t('shell:shortcuts.palette') },
    ...AREAS.map((a) => ({
      keys: `Alt+${a.key}`,
      does: i18next.t('shell:shortcuts.goTo', { area: a.label }),
    })),
    { keys: '/', does: i18next.t('shell:shortcuts.search') },
    { keys: 'N', does: i18next.t('shell:shortcuts.new') },
    { keys: '?', does: i18next.t('shell:shortcuts.help') },
    { keys: '↑ ↓, Page Up, Page Down, Home, End', does: i18next.t('shell:shortcuts.move') },
    { keys: 'Enter', does: i18next.t('shell:shortcuts.open') },
    { keys: i18next.t('shell:shortcuts.space'), does: i18next.t('shell:shortcuts.tick') },
    { keys: either('Ctrl+S', '⌘S'), does: i18next.t('shell:shortcuts.save') },
    { keys: 'Esc', does: i18next.t('shell:shortcuts.close') },
  ];
}

/** Whether the key went to something the owner types in, where letters must stay letters. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

/**
 * The workspace's global keys, listened to on the document. Ctrl/⌘+K works everywhere; the
 * others stay quiet while a dialog is open (it owns the keyboard) and single letters also
 * while the owner types in a field.
 */
export function useGlobalShortcuts(actions: ShortcutActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const run = latest.current;
      const modalOpen = document.querySelector('dialog[open]') !== null;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (!modalOpen) run.openPalette();
        return;
      }
      if (modalOpen) return;
      if (event.altKey && !event.ctrlKey && !event.metaKey) {
        // The physical key: Alt+digit types other characters on some layouts (and on macOS).
        const area = AREAS.find((a) => event.code === `Digit${a.key}`);
        if (area) {
          event.preventDefault();
          run.openArea(area.id);
        }
        return;
      }
      if (event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        run.openShortcuts();
      } else if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[data-list-search]');
        if (search) {
          event.preventDefault();
          search.focus();
          search.select();
        }
      } else if (event.key === 'n' || event.key === 'N') {
        event.preventDefault();
        run.newRecord();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
