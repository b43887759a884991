-- Reviews (issue 22 item 4): one row per review of a service, from scheduling's review events (newest version
-- wins; a deleted review stays as a tombstone so a late older event cannot bring it back). A service's
-- average_rating and rating_count are recomputed from the counted rows, never incremented, so a redelivered
-- or reordered event cannot count a review twice.
CREATE TABLE catalog.review_ratings (
  review_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  service_id char(24) NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  counted boolean NOT NULL,
  version integer NOT NULL
);
CREATE INDEX review_ratings_service_idx ON catalog.review_ratings (tenant_id, service_id) WHERE counted;
