import { hostText, type HostParams } from './host-text';

/**
 * The English sentence of an error code, from the English errors catalog where every English
 * sentence is written once: the message of core's coded errors, for logs (the owner reads the
 * code's sentence in their own language, written by the renderer or a host). The code itself
 * for a code the catalog lacks, which the catalog test keeps from happening.
 */
export function englishError(code: string, params?: HostParams): string {
  return hostText('en').error(code, params) ?? code;
}
