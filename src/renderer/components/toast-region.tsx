/** PLACEHOLDER (owned by the record-forms work in this change): toasts with Undo. */
export function ToastRegion() {
  return null;
}
