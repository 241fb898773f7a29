-- The id-based catalogue search is gone (decision 023): the listing takes a search's matching
-- rows from catalog_search_rows (0025_catalog_search_rows), and nothing calls catalog_search_ids
-- (0002_catalog_indexes) any more. Dropping it drops its grant to storefront_app with it;
-- catalog_search_rows, its builders and their grants and revokes are untouched.
DROP FUNCTION catalog_search_ids(text[], integer);
