import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";

/** Above the grid: view and copy the active cell or row, what the last copy did, and a cut result's notice. */
export function GridToolbar({
  empty,
  notice,
  truncatedAt,
  onView,
  onCopyCell,
  onCopyRow,
}: {
  empty: boolean;
  notice: string;
  /** The rows shown, when the server sent only the first of a longer result. */
  truncatedAt?: number;
  onView: () => void;
  onCopyCell: () => void;
  onCopyRow: () => void;
}) {
  const { i18n } = useLingui();
  const shownRows = i18n.number(truncatedAt ?? 0);
  return (
    <div className="flex items-center gap-1 text-xs">
      <Button size="sm" variant="ghost" disabled={empty} onClick={onView}>
        <Trans>View cell</Trans>
      </Button>
      <Button size="sm" variant="ghost" disabled={empty} onClick={onCopyCell}>
        <Trans>Copy cell</Trans>
      </Button>
      <Button size="sm" variant="ghost" disabled={empty} onClick={onCopyRow}>
        <Trans>Copy row</Trans>
      </Button>
      <span role="status" className="text-slate-400">
        {notice}
      </span>
      {truncatedAt !== undefined && (
        <span className="ml-auto text-amber-300">
          <Trans>Showing the first {shownRows} rows; the result has more.</Trans>
        </span>
      )}
    </div>
  );
}
