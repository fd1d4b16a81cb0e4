import { describe, expect, it } from 'vitest';
import { appEntry } from './app-url';
import {
  isOwnMainFrame,
  type FrameFacts,
  type SenderFacts,
  type WindowFacts,
} from './sender-check';

const rendererPath = '/app/out/renderer/index.html';
const entry = appEntry({ isPackaged: true, devUrl: undefined, rendererPath });
const mainFrame: FrameFacts = {
  url: `file://${rendererPath}#/connect`,
  frameToken: 'main-token',
  parent: null,
  detached: false,
};
const window: WindowFacts = { webContentsId: 1, mainFrame };
const own: SenderFacts = { webContentsId: 1, frame: mainFrame };

describe('isOwnMainFrame', () => {
  it('trusts the app window main frame showing the app page', () => {
    expect(isOwnMainFrame(own, window, entry)).toBe(true);
  });

  it.each<[string, SenderFacts, WindowFacts | undefined]>([
    ['no window', own, undefined],
    ['a frame that navigated away or was destroyed', { webContentsId: 1, frame: null }, window],
    ['another web contents', { webContentsId: 2, frame: mainFrame }, window],
    [
      'a subframe of the app window',
      { webContentsId: 1, frame: { ...mainFrame, frameToken: 'child', parent: mainFrame } },
      window,
    ],
    [
      'a top frame that is not the main frame',
      { webContentsId: 1, frame: { ...mainFrame, frameToken: 'other' } },
      window,
    ],
    ['a detached frame', { webContentsId: 1, frame: { ...mainFrame, detached: true } }, window],
    [
      'the main frame showing a foreign page',
      { webContentsId: 1, frame: { ...mainFrame, url: 'https://evil.example/' } },
      { ...window, mainFrame: { ...mainFrame, url: 'https://evil.example/' } },
    ],
  ])('refuses %s', (_name, sender, target) => {
    expect(isOwnMainFrame(sender, target, entry)).toBe(false);
  });
});
