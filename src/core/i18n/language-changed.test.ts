import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Language } from '../../shared/languages';
import { createHandlers } from '../handlers';
import { createServices } from '../services';
import { FileKeyEncryptor } from '../store/file-key-encryptor';

/** The host hears the owner's choice of language once it is saved (Electron's menu follows). */
const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-language-'));
const heard: (Language | undefined)[] = [];
const services = createServices({
  dataDir,
  encryptor: new FileKeyEncryptor(join(dataDir, 'keys', 'session.key')),
  browser: { open: () => Promise.resolve() },
  emit: () => {},
  onLanguageChanged: (chosen) => {
    // Saved first: a host that reads the setting now reads the new choice.
    expect(services.settings.language).toBe(chosen);
    heard.push(chosen);
  },
});
afterAll(async () => {
  await services.schools.closeAll();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('settings:setLanguage', () => {
  it('tells the host the language chosen, and when the owner goes back to the system’s', async () => {
    const handlers = createHandlers(services);
    await handlers['settings:setLanguage']({ language: 'zh-TW' });
    await handlers['settings:setLanguage']({ language: null });
    expect(heard).toEqual(['zh-TW', undefined]);
  });
});
