import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES } from '../../shared/auth-errors';
import { hostText } from '../i18n/host-text';
import { LoopbackListener, type CallbackOutcome } from './loopback-listener';

/**
 * The listener's pages speak the browser's language (its Accept-Language), over real HTTP.
 * A Chinese browser reads Chinese and none of the English sentences.
 */
const ZH = 'zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7';
const EN = 'en-US,en;q=0.9';
const english = hostText('en');
const chinese = hostText('zh-TW');

/** Every English sentence the listener can show, to be sure none reaches a Chinese page. */
const ENGLISH_SENTENCES = [
  ...(['success', 'finishing', 'failed', 'notThisSignIn', 'nothingHere'] as const).map((key) =>
    english.t(`signIn.${key}`),
  ),
  ...AUTH_ERROR_CODES.map((code) => english.error(code)),
];

async function visit(url: string, acceptLanguage: string) {
  const response = await fetch(url, { headers: { 'accept-language': acceptLanguage } });
  return { status: response.status, html: await response.text() };
}

/** Opens a listener, sends the callback from a browser asking in `acceptLanguage`, answers. */
async function callbackPage(
  acceptLanguage: string,
  outcome: CallbackOutcome | 'never',
): Promise<string> {
  const listener = await LoopbackListener.start({ expectedState: 's', finalPageWaitMs: 300 });
  try {
    void listener.wait().then((callback) => {
      if (outcome !== 'never') callback.respond(outcome);
    });
    const page = await visit(`${listener.redirectUri}?code=c&state=s`, acceptLanguage);
    expect(page.status).toBe(200);
    return page.html;
  } finally {
    await listener.close();
  }
}

function expectChinese(html: string, sentence: string) {
  expect(html).toContain('<html lang="zh-TW">');
  expect(html).toContain(sentence);
  for (const english of ENGLISH_SENTENCES) expect(html).not.toContain(english);
}

describe('the sign-in pages in the browser’s language', () => {
  it('says success in Chinese to a zh-TW browser, and in English to an English one', async () => {
    expectChinese(await callbackPage(ZH, { ok: true }), chinese.t('signIn.success'));
    const html = await callbackPage(EN, { ok: true });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(english.t('signIn.success'));
  });

  it('says "finishing" in Chinese when the outcome is late', async () => {
    expectChinese(await callbackPage(ZH, 'never'), chinese.t('signIn.finishing'));
  });

  it('gives the failure’s sentence in Chinese, never the English one', async () => {
    const html = await callbackPage(ZH, { ok: false, code: 'access_denied' });
    expectChinese(html, chinese.error('access_denied') ?? chinese.t('signIn.failed'));
    const inEnglish = await callbackPage(EN, { ok: false, code: 'access_denied' });
    expect(inEnglish).toContain(english.error('access_denied'));
  });

  it('answers stray requests in Chinese too', async () => {
    const listener = await LoopbackListener.start({ expectedState: 's' });
    try {
      const stray = await visit(`${listener.redirectUri.replace('/callback', '/other')}`, ZH);
      expect(stray.status).toBe(404);
      expectChinese(stray.html, chinese.t('signIn.nothingHere'));
      const wrongState = await visit(`${listener.redirectUri}?code=c&state=other`, ZH);
      expect(wrongState.status).toBe(400);
      expectChinese(wrongState.html, chinese.t('signIn.notThisSignIn'));
    } finally {
      await listener.close();
    }
  });
});
