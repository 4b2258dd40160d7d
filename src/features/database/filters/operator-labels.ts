import type { TableFilterOp } from "@contract/table-filter";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Each operator as the filter builder names it; symbols where they are universal. */
export const OPERATOR_LABELS: Record<TableFilterOp, MessageDescriptor> = {
  eq: msg`= equals`,
  ne: msg`≠ not equal`,
  lt: msg`< less than`,
  le: msg`≤ at most`,
  gt: msg`> greater than`,
  ge: msg`≥ at least`,
  contains: msg`contains`,
  starts_with: msg`starts with`,
  in: msg`is one of`,
  is_null: msg`is empty (NULL)`,
  not_null: msg`is not empty`,
};
