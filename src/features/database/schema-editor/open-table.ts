/** A table to open, as the database page names it (the schema tree's OpenTable, without importing the tree). */
export interface TableRef {
  schemaName: string;
  tableName: string;
}
