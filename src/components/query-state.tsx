import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { errorText } from "@/lib/errors/error-text";

/** What QueryState reads of a query; several queries combine into one (see `bothQueries`). */
export interface QueryLike<T> {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The data's view, once it is there. */
  children: (data: T) => ReactNode;
  /** Shown instead of `children` when `isEmpty` says so (by default: an empty list). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** Replaces the spinner while loading (`null`: nothing, e.g. offline where nothing will come). */
  loading?: ReactNode;
  /** Says what is loading beside the spinner, instead of "Loading...". */
  loadingLabel?: string;
  /** For an error without a known code; errorText's general sentence otherwise. */
  errorFallback?: MessageDescriptor;
  /** Smaller text, for a section inside a page rather than the page itself. */
  small?: boolean;
}

const emptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The one way a page shows a query: "Loading..." with a spinner while it is pending, the error in
 * the reader's language (errorText) if it failed, then the data — still shown beside the error of a
 * failed refetch, since what was loaded stays true enough to read.
 */
export function QueryState<T>({
  query,
  children,
  empty,
  isEmpty = emptyList,
  loading,
  loadingLabel,
  errorFallback,
  small = false,
}: QueryStateProps<T>) {
  const { t, i18n } = useLingui();
  const failed = query.error !== null && query.error !== undefined;
  return (
    <>
      {query.isPending &&
        !failed &&
        (loading !== undefined ? (
          loading
        ) : (
          <p role="status" className={cn("flex items-center gap-2 text-slate-300", small && "text-sm")}>
            <Spinner />
            {loadingLabel ?? t`Loading...`}
          </p>
        ))}
      {failed && (
        <p role="alert" className={cn("text-red-300", small && "text-sm")}>
          {errorText(i18n, query.error, errorFallback)}
        </p>
      )}
      {query.data !== undefined && (empty !== undefined && isEmpty(query.data) ? empty : children(query.data))}
    </>
  );
}

/** Two queries as one: pending while either is, the first error, data once both have it. */
export function bothQueries<A, B>(a: QueryLike<A>, b: QueryLike<B>): QueryLike<[A, B]> {
  return {
    isPending: a.isPending || b.isPending,
    error: a.error ?? b.error,
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
  };
}
