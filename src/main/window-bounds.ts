import { z } from 'zod';

/** A rectangle on screen, as Electron reports bounds and work areas. */
export type Rect = { x: number; y: number; width: number; height: number };

/** What is remembered of the main window between runs. */
export type WindowState = { bounds: Rect; maximized: boolean };

const stateSchema = z.object({
  bounds: z.object({
    x: z.number().int(),
    y: z.number().int(),
    width: z.number().int().min(200).max(20_000),
    height: z.number().int().min(200).max(20_000),
  }),
  maximized: z.boolean(),
});

/**
 * The window state to restore: the saved one when it is well formed and its title bar lies
 * on a display that exists now (a monitor may have been unplugged since), else undefined and
 * the window opens at its default size, centred.
 */
export function restorableState(
  saved: unknown,
  workAreas: readonly Rect[],
): WindowState | undefined {
  const parsed = stateSchema.safeParse(saved);
  if (!parsed.success) return undefined;
  const { bounds } = parsed.data;
  // A point in the middle of the title bar must be on screen, or the user cannot drag it back.
  const grip = { x: bounds.x + bounds.width / 2, y: bounds.y + 16 };
  const visible = workAreas.some(
    (area) =>
      grip.x >= area.x &&
      grip.x < area.x + area.width &&
      grip.y >= area.y &&
      grip.y < area.y + area.height,
  );
  return visible ? parsed.data : undefined;
}
