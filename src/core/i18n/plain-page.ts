import { createHash } from 'node:crypto';
import type { Language } from '../../shared/languages';

/**
 * The small pages the Node side shows in a browser (the sign-in listener's answers, the web
 * host's "open Schooldesk with its full address"): a heading, a few sentences, maybe steps.
 */
export type PlainPage = {
  language: Language;
  /** The tab's title. */
  title: string;
  heading: string;
  paragraphs: string[];
  /** Numbered steps after the paragraphs. */
  steps?: string[];
  /** A last sentence after the steps. */
  footer?: string;
};

/**
 * The page's only style. The font stack names the CJK system fonts of each OS, so Chinese
 * never shows as empty boxes where `system-ui` has no CJK glyphs.
 */
const STYLE =
  'body{font:16px/1.6 system-ui,-apple-system,"Segoe UI","PingFang TC","Microsoft JhengHei",' +
  '"Noto Sans CJK TC","Noto Sans TC",sans-serif;margin:4rem auto;max-width:34rem;padding:0 1rem}' +
  'h1{font-size:1.4rem}li{margin:.4rem 0}@media (prefers-color-scheme:dark)' +
  '{body{background:#1c1c1e;color:#eee}}';

/**
 * SECURITY: what these pages may load: nothing but their own style, allowed by its hash (no
 * 'unsafe-inline'), no scripts, no forms, not framed.
 */
export const PLAIN_PAGE_CSP =
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; ` +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The page's HTML. SECURITY: every text is escaped; callers pass only our own sentences,
 * never anything a request carried.
 */
export function plainPage(page: PlainPage): string {
  const steps = page.steps?.length
    ? `<ol>${page.steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>`
    : '';
  return (
    `<!doctype html><html lang="${escapeHtml(page.language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(page.title)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(page.heading)}</h1>` +
    page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('') +
    steps +
    (page.footer ? `<p>${escapeHtml(page.footer)}</p>` : '') +
    `</main></body></html>`
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
