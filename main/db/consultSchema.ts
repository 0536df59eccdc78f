/** Schema of the statute graph and of consultations (migrations 3 and 4). */
export const STATUTE_GRAPH_SQL = `
  -- Cross-references between articles (本法第X条, 《X法》第X条, 前条) and judicial
  -- interpretations linked to the articles they interpret. Derived from the texts;
  -- rebuilt when the library changes (meta key graph_generation).
  CREATE TABLE article_links (
    from_article INTEGER NOT NULL,
    to_article   INTEGER NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('cites', 'interprets')),
    PRIMARY KEY (from_article, to_article, kind)
  ) WITHOUT ROWID;
  CREATE INDEX article_links_to ON article_links(to_article, kind);
`;

export const CONSULTATIONS_SQL = `
  CREATE TABLE consultations (
    id          INTEGER PRIMARY KEY,
    title       TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    -- "law as of" date used for temporal checks (NULL: the date of each turn)
    as_of       TEXT,
    -- the user's place (a province pack name) for jurisdiction checks
    place       TEXT
  );

  -- One user message and everything the engine did for it. The message is stored
  -- before any network call; a failed or cancelled turn keeps its finished stages.
  CREATE TABLE turns (
    id               INTEGER PRIMARY KEY,
    consultation_id  INTEGER NOT NULL REFERENCES consultations(id) ON DELETE CASCADE,
    seq              INTEGER NOT NULL,
    user_text        TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled')),
    mode             TEXT CHECK (mode IN ('llm', 'offline')),
    offline_reason   TEXT,
    endpoint         TEXT,
    model            TEXT,
    redaction        INTEGER NOT NULL DEFAULT 0,
    answer           TEXT,
    verdict          TEXT,
    verdict_override TEXT,
    override_note    TEXT,
    error_code       TEXT,
    error_message    TEXT,
    prompt_tokens    INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    cost             REAL,
    attempts         INTEGER NOT NULL DEFAULT 1,
    created_at       TEXT NOT NULL,
    finished_at      TEXT,
    UNIQUE (consultation_id, seq)
  );

  -- Each stage's outcome (and its output, so a retry resumes and the UI can show it).
  CREATE TABLE turn_stages (
    turn_id    INTEGER NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
    stage      TEXT NOT NULL,
    iteration  INTEGER NOT NULL DEFAULT 0,
    status     TEXT NOT NULL CHECK (status IN ('done', 'failed', 'skipped')),
    ms         INTEGER NOT NULL,
    output     TEXT,
    PRIMARY KEY (turn_id, stage, iteration)
  );

  CREATE TABLE legal_states (
    turn_id    INTEGER PRIMARY KEY REFERENCES turns(id) ON DELETE CASCADE,
    state      TEXT NOT NULL,
    -- fields the user corrected; applied from the next turn on
    correction TEXT
  );

  -- The evidence pool of a turn: each article with the text and version it had then.
  CREATE TABLE evidence (
    turn_id        INTEGER NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
    article_id     INTEGER NOT NULL,
    rank           INTEGER NOT NULL,
    law_title      TEXT NOT NULL,
    article_label  TEXT NOT NULL,
    level          TEXT NOT NULL,
    province       TEXT NOT NULL,
    status         TEXT NOT NULL,
    publish_date   TEXT,
    effective_date TEXT,
    -- hierarchy (编/章/节) as a JSON array
    path           TEXT NOT NULL DEFAULT '[]',
    text           TEXT NOT NULL,
    found_by       TEXT NOT NULL,
    score          REAL NOT NULL,
    excluded       TEXT,
    PRIMARY KEY (turn_id, article_id)
  ) WITHOUT ROWID;

  CREATE TABLE verdicts (
    turn_id     INTEGER NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
    iteration   INTEGER NOT NULL,
    verdict     TEXT NOT NULL,
    checklist   TEXT NOT NULL,
    refinements TEXT NOT NULL,
    PRIMARY KEY (turn_id, iteration)
  );

  CREATE TABLE citations (
    turn_id       INTEGER NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    marker        TEXT NOT NULL,
    article_id    INTEGER,
    law_title     TEXT,
    article_label TEXT,
    publish_date  TEXT,
    status        TEXT,
    text          TEXT,
    quote         TEXT,
    label         TEXT NOT NULL CHECK (label IN ('verified', 'outside_evidence', 'unresolvable', 'quote_mismatch')),
    not_current   INTEGER NOT NULL DEFAULT 0,
    note          TEXT,
    PRIMARY KEY (turn_id, seq)
  );

  -- What was sent to and received from the LLM (redacted as sent; never a key).
  CREATE TABLE llm_calls (
    id                INTEGER PRIMARY KEY,
    turn_id           INTEGER REFERENCES turns(id) ON DELETE CASCADE,
    role              TEXT NOT NULL,
    model             TEXT NOT NULL,
    messages          TEXT NOT NULL,
    response          TEXT NOT NULL,
    prompt_tokens     INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    estimated         INTEGER NOT NULL,
    cost              REAL,
    ms                INTEGER NOT NULL,
    error_code        TEXT,
    created_at        TEXT NOT NULL
  );

  -- Placeholders stay stable across a consultation's turns.
  CREATE TABLE redactions (
    consultation_id INTEGER NOT NULL REFERENCES consultations(id) ON DELETE CASCADE,
    placeholder     TEXT NOT NULL,
    kind            TEXT NOT NULL,
    original        TEXT NOT NULL,
    PRIMARY KEY (consultation_id, placeholder)
  );

  -- Cached per-article LLM notes (applicability summary, condition checklist), keyed
  -- by the article text's hash so they survive re-imports of unchanged articles.
  CREATE TABLE article_notes (
    text_hash  TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('summary', 'checklist')),
    model      TEXT NOT NULL,
    note       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (text_hash, kind)
  );

  -- User-editable query expansion rules (rule-guided rewriting).
  CREATE TABLE expansion_rules (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,
    instruction   TEXT NOT NULL,
    output_format TEXT NOT NULL,
    active        INTEGER NOT NULL DEFAULT 0,
    origin        TEXT NOT NULL DEFAULT 'user',
    -- eliminated by rule evolution (kept for the experiment history)
    retired       INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT NOT NULL
  );

  -- The rule-evolution history: every experiment and its measured recall.
  CREATE TABLE rule_experiments (
    id         INTEGER PRIMARY KEY,
    run_id     TEXT NOT NULL,
    action     TEXT NOT NULL,
    rule_ids   TEXT NOT NULL,
    file       TEXT NOT NULL,
    k          INTEGER NOT NULL,
    recall     REAL,
    note       TEXT,
    created_at TEXT NOT NULL
  );
`;
