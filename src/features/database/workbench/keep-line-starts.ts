import type { OnMount } from "@monaco-editor/react";

type Editor = Parameters<OnMount>[0];

/**
 * Monaco keeps its horizontal scroll position when the editor gets wider or the long line that
 * needed it goes away (a new text loaded, a tab switched, the panel dragged wider), which left every
 * line's start cut off with nothing to scroll to. Whenever all lines fit again, scroll back to 0.
 */
export function keepLineStartsInView(editor: Editor): void {
  const reset = () => {
    const fits = editor.getScrollWidth() <= editor.getLayoutInfo().contentWidth;
    if (fits && editor.getScrollLeft() !== 0) editor.setScrollLeft(0);
  };
  editor.onDidLayoutChange(reset);
  editor.onDidContentSizeChange(reset);
  editor.onDidChangeModel(reset);
}
