import type { Page } from '@playwright/test';

export * from './catalog-text';

/**
 * Everything a person can read or hear on the page now: its visible text, and the names,
 * descriptions, tooltips and placeholders that are only heard or hovered.
 */
export async function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription'];
    const heard = [...document.querySelectorAll('*')].flatMap((element) =>
      attributes.flatMap((name) => element.getAttribute(name) ?? []),
    );
    return [document.body.innerText, ...heard].join('\n');
  });
}

/** The English sentences of the catalogs found in `words`, each once. */
export function englishIn(words: string, sentences: readonly string[]): string[] {
  return sentences.filter((sentence) => words.includes(sentence));
}
