import log from 'electron-log/main';
import { maskedLogger, type LogSink, type SecretMask } from '../core/host';
import { maskLogValue } from './log-mask';

/**
 * Sets up electron-log for the main process: a file in the app's logs folder (console output
 * too when unpackaged) and unhandled errors caught and logged instead of a dialog.
 *
 * SECURITY: a hook masks every line before any transport writes it (tokens, codes, verifiers,
 * Bearer headers; see SecretMask), whoever logs it: core, main, a library or the error
 * catcher. The returned sink masks too, for callers that never touch electron-log. The mask
 * is the app's one mask (core's services register every token in it).
 */
export function setUpLogging(options: { console: boolean; mask: SecretMask }): LogSink {
  const { mask } = options;
  log.hooks.push((message) => ({
    ...message,
    data: message.data.map((value: unknown) => maskLogValue(mask, value)),
  }));
  log.transports.file.level = 'info';
  log.transports.console.level = options.console ? 'info' : false;
  log.errorHandler.startCatching({ showDialog: false });
  return maskedLogger(
    {
      info: (message) => log.info(message),
      warn: (message) => log.warn(message),
      error: (message) => log.error(message),
    },
    mask,
  );
}
