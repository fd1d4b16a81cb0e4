import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The narrowest a record panel gets, and the least it leaves the list, in rem. */
const MIN_PANEL_REM = 20;
const MIN_LIST_REM = 16;
/** One arrow key press moves the edge this far; with Shift, four times as far. */
const STEP_PX = 24;

/**
 * The width the owner gave the record panel, for this run of the app: a record opened later
 * opens as wide. Undefined until they first resize it (the stylesheet's width holds then).
 */
let chosenWidth: number | undefined;

const remPx = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/** `width` kept within what the area allows: a usable panel, and room for the list. */
function clampWidth(width: number, area: HTMLElement): number {
  const rem = remPx();
  const max = Math.max(MIN_PANEL_REM * rem, area.clientWidth - MIN_LIST_REM * rem);
  return Math.round(Math.min(max, Math.max(MIN_PANEL_REM * rem, width)));
}

/**
 * The record panel's left edge, which resizes it: drag it, or focus it and press the arrow
 * keys (a separator in ARIA terms, its value the panel's width in pixels). The width is set on
 * the area as --record-pane-width, which records.css reads beside the list and over it.
 */
export function PanelResizer({ panel }: { panel: HTMLElement | null }) {
  const { t } = useTranslation('records');
  const [width, setWidth] = useState<number>();
  const [dragging, setDragging] = useState(false);
  const area = panel?.closest<HTMLElement>('.area-body') ?? null;
  const pane = panel?.closest<HTMLElement>('.record-pane') ?? null;
  const start = useRef({ x: 0, width: 0 });

  // A width chosen for an earlier record applies to this one; the value follows the panel's
  // width as the window (or the stylesheet's share of it) changes.
  useEffect(() => {
    if (!area || !pane) return;
    if (chosenWidth !== undefined)
      area.style.setProperty('--record-pane-width', `${clampWidth(chosenWidth, area)}px`);
    const observer = new ResizeObserver(() => setWidth(pane.getBoundingClientRect().width));
    observer.observe(pane);
    return () => observer.disconnect();
  }, [area, pane]);

  const resize = (next: number) => {
    if (!area) return;
    const clamped = clampWidth(next, area);
    chosenWidth = clamped;
    area.style.setProperty('--record-pane-width', `${clamped}px`);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? STEP_PX * 4 : STEP_PX;
    const current = pane?.getBoundingClientRect().width ?? width ?? 0;
    // The edge is the panel's left side: moving it left widens the panel.
    const moves: Record<string, number> = {
      ArrowLeft: current + step,
      ArrowRight: current - step,
      Home: Number.POSITIVE_INFINITY,
      End: 0,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    resize(next);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !pane) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width: pane.getBoundingClientRect().width };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging) return;
    resize(start.current.width + (start.current.x - event.clientX));
  };
  const stop = () => setDragging(false);

  const rem = remPx();
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('panel.resize')}
      aria-valuenow={width === undefined ? undefined : Math.round(width)}
      aria-valuemin={MIN_PANEL_REM * rem}
      aria-valuemax={
        area ? Math.max(MIN_PANEL_REM * rem, area.clientWidth - MIN_LIST_REM * rem) : undefined
      }
      tabIndex={0}
      className={`record-resizer${dragging ? ' dragging' : ''}`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
    />
  );
}
