import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from './states';

/** The parts of a TanStack query result a list body reads. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryStatesProps<T> {
  query: ListQuery<T>;
  /** The skeleton drawn while loading. */
  loading: ReactNode;
  errorTitle: string;
  errorMessage?: string | undefined;
  /** What "retry" does; refetching the query unless given. */
  onRetry?: () => void;
  /** The data holds nothing at all; an array with no items unless given. */
  isEmpty?: (data: T) => boolean;
  /** Drawn when the data is empty: what to do next. */
  empty: ReactNode;
  /** Drawn instead of the list when given (not null): filters or a search match nothing. */
  noMatch?: ReactNode;
  children: (data: T) => ReactNode;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/** A list body's four states drawn on purpose: loading, error with retry, empty (or no match), and the list. */
export function QueryStates<T>({
  query,
  loading,
  errorTitle,
  errorMessage,
  onRetry,
  isEmpty = emptyArray,
  empty,
  noMatch = null,
  children,
}: QueryStatesProps<T>) {
  if (query.isPending) return <LoadingState>{loading}</LoadingState>;
  if (query.isError || query.data === undefined) {
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessage}
        onRetry={onRetry ?? (() => void query.refetch())}
        retrying={query.isFetching}
      />
    );
  }
  if (isEmpty(query.data)) return <>{empty}</>;
  if (noMatch !== null) return <>{noMatch}</>;
  return <>{children(query.data)}</>;
}
