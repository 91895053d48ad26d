-- Issue 42: one recommender asked for several of an account's applications in one request. Each application
-- keeps a request row of its own (its checklist, the office's page, a deletion and a new cycle read only their
-- own rows); the requests asked together share letter_group (the asking application's request id), and the one
-- letter the recommender sends through the link is received on each of them, each holding its own copy.
ALTER TABLE recommendation_requests ADD COLUMN letter_group uuid;
CREATE INDEX recommendation_requests_group ON recommendation_requests (letter_group) WHERE letter_group IS NOT NULL;

-- The group's one e-mail carries one link for all its requests: a token names one request or several, so one
-- application's request retired or deleted (its rows go by the cascade) leaves the link working for the others.
ALTER TABLE recommendation_links DROP CONSTRAINT recommendation_links_pkey;
ALTER TABLE recommendation_links ADD PRIMARY KEY (token_hash, request_id);
