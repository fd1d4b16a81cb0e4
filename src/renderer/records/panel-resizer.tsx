import { memo, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
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

/** The widest the panel may be in an area this wide: it leaves the list its room. */
const maxWidth = (areaWidth: number, rem: number) =>
  Math.max(MIN_PANEL_REM * rem, areaWidth - MIN_LIST_REM * rem);

/** `width` kept within what the area allows: a usable panel, and room for the list. */
function clampWidth(width: number, area: HTMLElement): number {
  const rem = remPx();
  return Math.round(
    Math.min(maxWidth(area.clientWidth, rem), Math.max(MIN_PANEL_REM * rem, width)),
  );
}

/** What the separator tells of the panel: its width, and the least and most it may be. */
type Measured = { width: number; min: number; max: number };

/**
 * The record panel's left edge, which resizes it: drag it, or focus it and press the arrow
 * keys (a separator in ARIA terms, its value the panel's width in pixels). The width is set on
 * the area as --record-pane-width, which records.css reads beside the list and over it.
 */
export const PanelResizer = memo(function PanelResizer({ panel }: { panel: HTMLElement | null }) {
  const { t } = useTranslation('records');
  // Measured when the panel or the area changes size, never while drawing: reading a width
  // there made the browser lay the page out again in the middle of each render of the
  // panel, which a save drew three or four times.
  const [measured, setMeasured] = useState<Measured>();
  const width = measured?.width;
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
    const observer = new ResizeObserver(() => {
      const rem = remPx();
      setMeasured({
        width: pane.getBoundingClientRect().width,
        min: MIN_PANEL_REM * rem,
        max: maxWidth(area.clientWidth, rem),
      });
    });
    observer.observe(pane);
    observer.observe(area);
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

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('panel.resize')}
      aria-valuenow={width === undefined ? undefined : Math.round(width)}
      aria-valuemin={measured?.min}
      aria-valuemax={measured?.max}
      tabIndex={0}
      className={`record-resizer${dragging ? ' dragging' : ''}`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
    />
  );
});
