-- Nothing calls catalog_search_query any more: it built catalog_search_ids' statement, and that
-- function is gone (0026_drop_catalog_search_ids). catalog_search_rows builds its own through
-- catalog_search_rows_query; both share catalog_search_statement, which stays.
DROP FUNCTION catalog_search_query(uuid, text[], integer);
