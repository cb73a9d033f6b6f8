-- Annotation layers and their annotations (Superset's `annotation_layer` and `annotation`).

CREATE TABLE annotation_layer (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    descr TEXT,
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL,
    created_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    changed_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL
);

CREATE TABLE annotation (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    layer_id INTEGER NOT NULL REFERENCES annotation_layer (id) ON DELETE CASCADE,
    start_dttm TEXT,
    end_dttm TEXT,
    short_descr TEXT,
    long_descr TEXT,
    json_metadata TEXT,
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL,
    created_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    changed_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    UNIQUE (layer_id, short_descr)
);

CREATE INDEX annotation_layer_time ON annotation (layer_id, start_dttm, end_dttm);
