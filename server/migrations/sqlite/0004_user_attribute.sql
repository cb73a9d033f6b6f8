-- A user's extra attributes (Superset's `user_attribute`): the avatar URL served by
-- `GET /api/v1/user/{id}/avatar.png`.

CREATE TABLE user_attribute (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL UNIQUE REFERENCES ab_user (id) ON DELETE CASCADE,
    avatar_url TEXT,
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL
);
