-- Issue 49: the staff search folds the letters NFKD leaves whole (ı, ø, ß, æ, …) and writes ø, ä, ö, ü both
-- ways (features/staff/search-fold.ts), so search_text and sort_name change. The rows indexed before keep the
-- old fold until the periodic index job rewrites them from their own names (refoldSearchColumns in
-- features/staff/console-index.ts), a few thousand rows a pass, in user_id order.
-- search_fold: the fold version every row has been rewritten to (console-index.ts SEARCH_FOLD; 0: the fold
-- before issue 49). search_fold_after: how far the rewrite to the next version has come.
ALTER TABLE staff_index_progress ADD COLUMN search_fold integer NOT NULL DEFAULT 0;
ALTER TABLE staff_index_progress ADD COLUMN search_fold_after uuid;
