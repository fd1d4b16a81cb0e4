/**
 * The web host's page that tells the owner how to open Schooldesk with its full address. The
 * web bridge goes there when it has no secret (the address was opened without its fragment)
 * or the host refuses the one it has (a secret rotated with --new-secret); the server serves
 * it in the browser's language.
 */
export const HOW_TO_OPEN_PATH = '/how-to-open';
