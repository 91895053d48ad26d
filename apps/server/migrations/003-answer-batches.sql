-- Merges jsonb objects in the aggregate's order, later keys winning, like `||`.
-- Several saves of one applicant can travel in one batch (save-answers-in-session.ts).
CREATE AGGREGATE jsonb_merge_agg (jsonb) (SFUNC = jsonb_concat, STYPE = jsonb, INITCOND = '{}');
