import { describe, expect, it } from 'vitest';
import { pollingNetworkHint } from './network-hint';

describe('pollingNetworkHint', () => {
  it('answers the host’s last answer and tells listeners of changes only', async () => {
    let online = true;
    const hint = pollingNetworkHint(() => online, 5);
    const heard: boolean[] = [];
    const stop = hint.onChange((value) => heard.push(value));
    expect(hint.online()).toBe(true);
    online = false;
    await expect.poll(() => heard).toEqual([false]);
    expect(hint.online()).toBe(false);
    online = true;
    await expect.poll(() => heard).toEqual([false, true]);
    stop();
    online = false;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(heard).toEqual([false, true]);
  });
});
