/**
 * The id a new consultation or saved article gets: one above the highest the table has ever given (migration 18),
 * so an id a user or a page still holds never names another row after a delete. Used inside the INSERT itself,
 * so two processes inserting at once cannot take the same id.
 */
export type NumberedTable = 'consultations' | 'saved_articles';

/** SQL for the next id of `table`, for an INSERT's id column. */
export function nextIdSql(table: NumberedTable): string {
  return `(SELECT MAX(last_id, COALESCE((SELECT MAX(id) FROM ${table}), 0)) + 1 FROM id_high_water WHERE tbl = '${table}')`;
}
