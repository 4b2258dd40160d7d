import type { KeyboardEvent } from "react";

/**
 * The secret editor's keys on its form: Esc cancels, Ctrl+Enter (Cmd+Enter on a Mac) saves. Enter
 * alone stays a line break, since values may span lines (certificates, keys).
 */
export function editorKeys(onCancel: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    // React passes keys up from portals too (a confirmation opened by the form): those are not the editor's.
    if (!event.currentTarget.contains(event.target as Node)) return;
    if (event.key === "Escape") {
      event.preventDefault();
      // Inside a dialog, the editor takes the Esc: the dialog stays open.
      event.stopPropagation();
      onCancel();
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };
}
