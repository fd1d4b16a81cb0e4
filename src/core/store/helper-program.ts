/**
 * The database helper's program (helper-process.ts): CommonJS source, run as it is. The web
 * host passes it to its own Node (`node -e`); the Electron build writes it beside the main
 * bundle as DATABASE_HELPER_FILE, which Electron's main process starts as a utility process.
 * One program, so both hosts store and index alike.
 */

/** The file the Electron build writes the program to, in the main bundle's folder. */
export const DATABASE_HELPER_FILE = 'database-helper.cjs';

/** How a staged page's message begins: the page's JSON follows, then `}`. */
export const STAGE_OPENING = '{"stage":';

/**
 * How the helper's last line of error output begins: its failure's code follows (SQLite's
 * SQLITE_FULL for a full disk), which the error it ends with carries as its own `code`.
 */
export const CODE_OPENING = 'failure code: ';

/**
 * The program. Its input is lines of JSON: on standard input under Node; in a utility
 * process, the parent's messages (`process.parentPort`: each a string of whole lines, and
 * `null` for the end, as a utility process has no standard input). It answers on standard
 * output, one line each. After the first message, which opens the database:
 * - `{"stage": page}` keeps a page (an object whose `nodes` are its records) and is not
 *   answered. The page is kept as the text it came as, never parsed here: SQLite reads its
 *   records at the commit (`upsertPage`), which in a first sync of 100,000 students saved
 *   about 0.3 s of the helper's 1.6 s of storing, against JSON.parse and a JSON.stringify of
 *   each record;
 * - `{"commit": n, "meta": [key, value]}` stores the records of the first n pages kept, and
 *   the meta, in one transaction, and answers `{"rows": r}`, the rows added or changed;
 * - `{"statements": [...]}` runs them in one transaction, and answers `{"built": true}`.
 * Each answer comes once its transaction has committed. At the end of its input it closes
 * the database and exits once its answers are out.
 */
export const HELPER_PROGRAM = `
const { createInterface } = require('node:readline');
const { EventEmitter } = require('node:events');
const STAGE_OPENING = ${JSON.stringify(STAGE_OPENING)};
process.on('uncaughtException', (error) => {
  const code = (error && error.code) || '';
  // Written at once (not queued on a stream), so all of it is out before the exit.
  require('node:fs').writeSync(2, String((error && error.stack) || error) + '\\n' + ${JSON.stringify(CODE_OPENING)} + code + '\\n');
  process.exit(1);
});
function inputLines() {
  const port = process.parentPort;
  if (!port) return createInterface({ input: process.stdin, crlfDelay: Infinity });
  const lines = new EventEmitter();
  // A port's listener is not sure to keep a utility process running: this does, until the end.
  const running = setInterval(() => undefined, 1 << 30);
  port.on('message', ({ data }) => {
    if (data === null) {
      clearInterval(running);
      lines.emit('close');
      return;
    }
    for (const line of String(data).split('\\n')) if (line !== '') lines.emit('line', line);
  });
  return lines;
}
let db;
let upsertPage;
let setMeta;
const staged = [];
const answer = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
const lines = inputLines();
lines.on('line', (line) => {
  if (db && line.startsWith(STAGE_OPENING)) {
    staged.push(line.slice(STAGE_OPENING.length, -1));
    return;
  }
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    // SECURITY: JSON.parse's own message quotes the text, which may hold the key.
    throw new Error('a message did not read as JSON');
  }
  if (!db) {
    const Database = require(message.module);
    db = new Database(message.file);
    for (const pragma of message.cipher) db.pragma(pragma);
    db.pragma("key = \\"x'" + message.key + "'\\"");
    for (const pragma of message.pragmas) db.pragma(pragma);
    if (message.sql) {
      upsertPage = db.prepare(message.sql.upsertPage);
      setMeta = db.prepare(message.sql.setMeta);
    }
    return;
  }
  if (message.commit !== undefined) {
    let rows = 0;
    const pages = staged.splice(0, message.commit);
    db.transaction(() => {
      for (const page of pages) rows += upsertPage.run(page).changes;
      if (message.meta) setMeta.run(message.meta[0], message.meta[1]);
    })();
    // Here, not in the host: the copy of these pages into the database is this process's work.
    db.pragma('wal_checkpoint(PASSIVE)');
    answer({ rows });
    return;
  }
  db.transaction(() => { for (const sql of message.statements) db.exec(sql); })();
  answer({ built: true });
});
lines.on('close', () => {
  if (db) db.close();
  // The answers written before are out once this empty write is: then nothing is left to do.
  process.stdout.write('', () => process.exit(0));
});
`;
