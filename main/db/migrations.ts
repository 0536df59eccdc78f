/**
 * Numbered schema migrations. Each runs once, in order, inside a transaction;
 * `PRAGMA user_version` records the last one applied.
 */
import { CONSULTATIONS_SQL, STATUTE_GRAPH_SQL } from './consultSchema.js';
import type { Db } from './open.js';
import { effectiveDateFixesSql } from '../library/import/effectiveDates.js';
import { applyDatesFromText } from '../library/import/datesFromText.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Work SQL alone cannot do (reading stored texts), run after `sql` in the same transaction. */
  run?: (db: Db) => void;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'statute library',
    sql: `
      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      -- One law title (all of its versions share it).
      CREATE TABLE laws (
        id          INTEGER PRIMARY KEY,
        title       TEXT NOT NULL,
        short_name  TEXT NOT NULL,
        level       TEXT NOT NULL,
        province    TEXT NOT NULL DEFAULT '',
        UNIQUE (title, province)
      );

      -- One source document: a LawRefBook Markdown file or one law of a JSONL collection.
      -- Several documents may form one version (the parts of 民法典 share a publish date).
      CREATE TABLE documents (
        id             INTEGER PRIMARY KEY,
        law_id         INTEGER NOT NULL REFERENCES laws(id),
        source         TEXT NOT NULL,
        path           TEXT NOT NULL,
        subtitle       TEXT,
        level          TEXT NOT NULL,
        category       TEXT NOT NULL DEFAULT '',
        province       TEXT NOT NULL DEFAULT '',
        publish_date   TEXT,
        effective_date TEXT,
        expired_flag   INTEGER NOT NULL DEFAULT 0,
        status         TEXT NOT NULL DEFAULT 'current',
        history        TEXT NOT NULL DEFAULT '[]',
        preamble       TEXT NOT NULL DEFAULT '',
        content_hash   TEXT NOT NULL,
        article_count  INTEGER NOT NULL DEFAULT 0,
        UNIQUE (source, path)
      );
      CREATE INDEX documents_law ON documents(law_id);

      CREATE TABLE articles (
        id          INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        ordinal     INTEGER NOT NULL,
        kind        TEXT NOT NULL,
        label       TEXT NOT NULL,
        number      INTEGER NOT NULL,
        sub_number  INTEGER NOT NULL DEFAULT 0,
        path        TEXT NOT NULL DEFAULT '[]',
        paragraphs  TEXT NOT NULL,
        text        TEXT NOT NULL,
        hash        TEXT NOT NULL,
        UNIQUE (document_id, ordinal)
      );
      CREATE INDEX articles_number ON articles(document_id, number, sub_number);

      -- Full-text index over jieba-segmented text; rowid = articles.id.
      CREATE VIRTUAL TABLE articles_fts USING fts5(
        title, headings, body,
        content = '',
        contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 0'
      );

      -- Province packs get their own index, so national results and speed do not
      -- depend on which packs are installed.
      CREATE VIRTUAL TABLE articles_fts_local USING fts5(
        title, headings, body,
        content = '',
        contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 0'
      );

      -- Document frequency per term, for query term selection.
      CREATE VIRTUAL TABLE articles_vocab USING fts5vocab(articles_fts, 'row');
      CREATE VIRTUAL TABLE articles_local_vocab USING fts5vocab(articles_fts_local, 'row');

      CREATE TABLE import_log (
        id          INTEGER PRIMARY KEY,
        started_at  TEXT NOT NULL,
        finished_at TEXT NOT NULL,
        source      TEXT NOT NULL,
        summary     TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'article embeddings',
    sql: `
      -- One row per embedding model whose vectors the library holds. The vectors live in
      -- sqlite-vec vec0 tables named after the model (main/search/vectors/vecStore.ts),
      -- created on first use because they need the extension loaded.
      CREATE TABLE embedding_models (
        id            TEXT PRIMARY KEY,
        dimension     INTEGER NOT NULL,
        quantization  TEXT NOT NULL DEFAULT 'none',
        created_at    TEXT NOT NULL,
        article_count INTEGER NOT NULL DEFAULT 0,
        complete      INTEGER NOT NULL DEFAULT 0
      );

      -- What was embedded: per model, each article and the hash of the text its vector was
      -- made from (no foreign key to articles: vectors of deleted articles are found and
      -- removed by the next embedding run).
      CREATE TABLE article_vectors (
        article_id INTEGER NOT NULL,
        model_id   TEXT NOT NULL REFERENCES embedding_models(id) ON DELETE CASCADE,
        hash       TEXT NOT NULL,
        PRIMARY KEY (model_id, article_id)
      ) WITHOUT ROWID;
    `,
  },
  { version: 3, name: 'statute graph', sql: STATUTE_GRAPH_SQL },
  { version: 4, name: 'consultations', sql: CONSULTATIONS_SQL },
  {
    version: 5,
    name: 'vector revision',
    sql: `
      -- A library-wide counter of changes to any model's vectors (each one writes article_vectors
      -- in the same transaction). It only grows, also across a model dropped and embedded anew,
      -- so a copy of the vectors held in memory (residentVectors.ts) can tell it is out of date,
      -- whichever connection or process made the change.
      INSERT OR IGNORE INTO meta (key, value) VALUES ('vector_revision', '0');
      CREATE TRIGGER article_vectors_insert AFTER INSERT ON article_vectors BEGIN
        UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vector_revision';
      END;
      CREATE TRIGGER article_vectors_update AFTER UPDATE ON article_vectors BEGIN
        UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vector_revision';
      END;
      CREATE TRIGGER article_vectors_delete AFTER DELETE ON article_vectors BEGIN
        UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vector_revision';
      END;
    `,
  },
  {
    version: 6,
    name: 'turn owners',
    sql: `
      -- The desktop app and the CLI share the per-user library, so a running turn may belong to another
      -- live process. Its owner (host/pid/instance, main/consult/turnOwner.ts) renews heartbeat_at (ms since
      -- the epoch) while the turn runs; another process takes the turn over only once the owner has stopped.
      -- Running turns from before this migration have no owner and count as stopped.
      ALTER TABLE turns ADD COLUMN owner TEXT;
      ALTER TABLE turns ADD COLUMN heartbeat_at INTEGER;
    `,
  },
  {
    version: 7,
    name: 'amendment links',
    sql: `
      -- Amendments (刑法修正案) link to the articles they amend ('amends'); a link whose cited
      -- numbering could not be checked against the version in force when the citing text took
      -- effect has verified = 0. The graph is derived from the texts: it is dropped here and
      -- rebuilt on first use (statuteGraph.ts).
      DROP TABLE article_links;
      CREATE TABLE article_links (
        from_article INTEGER NOT NULL,
        to_article   INTEGER NOT NULL,
        kind         TEXT NOT NULL CHECK (kind IN ('cites', 'interprets', 'amends')),
        verified     INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (from_article, to_article, kind)
      ) WITHOUT ROWID;
      CREATE INDEX article_links_to ON article_links(to_article, kind);
      DELETE FROM meta WHERE key = 'graph_generation';
    `,
  },
  {
    version: 8,
    name: 'texts for the app in Chinese',
    sql: `
      -- The citation audit's note in Chinese beside the English one, and why a turn ran offline as a
      -- code (llm_not_configured, llm_unreachable) beside its English reason, for the app in Chinese.
      -- Turns from before this migration have neither, and the app shows their English texts.
      ALTER TABLE citations ADD COLUMN note_zh TEXT;
      ALTER TABLE turns ADD COLUMN offline_code TEXT;
    `,
  },
  {
    version: 9,
    name: 'the 款 and 项 a citation names',
    sql: `
      -- Where the 款 and 项 a written citation names stand in the stored text, as a JSON array of
      -- [start, end) pairs, for the app and reports to mark; NULL in turns from before.
      ALTER TABLE citations ADD COLUMN cited_spans TEXT;
    `,
  },
  {
    version: 10,
    name: 'where an evidence article shows the words that found it',
    sql: `
      -- The excerpt a shortened view of an evidence article opens at, and where the words of the queries
      -- that found it stand in its text, as JSON ({"start": n, "hits": [[start, end], …]}); NULL in turns
      -- from before and for an article holding none of the words.
      ALTER TABLE evidence ADD COLUMN excerpt TEXT;
    `,
  },
  {
    version: 11,
    name: 'the citations of the user\'s question, checked',
    sql: `
      -- The statute citations of the user's message that are worth a word (a repealed law, an older numbering,
      -- a 款 or 项 the article lacks, a misquotation), as JSON (draftCheck.ts); NULL in turns from before.
      ALTER TABLE turns ADD COLUMN question_citations TEXT;
    `,
  },
  {
    version: 12,
    name: 'saved articles',
    sql: `
      -- Articles a user saved for a matter (收藏), in a folder of their own naming ('' = unfiled), with a note.
      -- An import deletes and re-inserts articles, and may give them other ids, so a saved article is kept by
      -- its law, version and label, with the text and status it had when saved: a later import that amends,
      -- renumbers or removes it is then told apart from the text the user saved (main/library/saved).
      CREATE TABLE saved_articles (
        id            INTEGER PRIMARY KEY,
        folder        TEXT NOT NULL DEFAULT '',
        note          TEXT NOT NULL DEFAULT '',
        saved_at      TEXT NOT NULL,
        law_title     TEXT NOT NULL,
        province      TEXT NOT NULL DEFAULT '',
        publish_date  TEXT NOT NULL DEFAULT '',
        kind          TEXT NOT NULL,
        article_label TEXT NOT NULL,
        path          TEXT NOT NULL DEFAULT '[]',
        text          TEXT NOT NULL,
        status        TEXT NOT NULL,
        UNIQUE (folder, law_title, province, publish_date, kind, article_label)
      );
    `,
  },
  {
    version: 13,
    name: 'repeals the library can date',
    sql: `
      -- Each document a repealing clause the library holds (or the table of the interpretations 民法典 replaced)
      -- repealed, from when: status reads it as repealed from that day (statusSql), though LawRefBook may file it
      -- as in force (印花税暂行条例, repealed by 印花税法 from 2022-07-01). Listed again whenever the text changes
      -- (repealTable.ts); empty until then.
      CREATE TABLE document_repeals (
        document_id INTEGER PRIMARY KEY,
        repealed_on TEXT NOT NULL,
        by_law      TEXT NOT NULL,
        by_article  TEXT
      );
    `,
  },
  {
    version: 14,
    name: 'the day each law first took effect',
    sql: `
      -- The day a law first took effect where its first text in the library, a later one, keeps the original's
      -- closing clause (劳动合同法 of 2012: 本法自2008年1月1日起施行): before it the law was no law, though adopted
      -- (lawOrigins.ts; STAND_IN_DOCUMENTS_SQL). Listed with the repeals (repealTable.ts); empty until then.
      CREATE TABLE law_origins (
        law_id      INTEGER PRIMARY KEY,
        took_effect TEXT NOT NULL,
        clause      TEXT NOT NULL
      );
    `,
  },
  {
    version: 15,
    name: 'a law known from a namesake it replaced',
    sql: `
      -- 'own': took_effect is the day the law first took effect; 'namesake': the law's first text here replaced an
      -- earlier act of the same name, issued on took_effect (出版管理条例 of 2001 replaced that of 1997-01-02), so the
      -- law existed from then in a text the library lacks (lawOrigins.ts).
      ALTER TABLE law_origins ADD COLUMN kind TEXT NOT NULL DEFAULT 'own';
    `,
  },
  {
    version: 16,
    name: 'a citation whose words fit another article',
    sql: `
      -- For a written citation whose words fit another article of its law (topicFit.ts): that article as JSON
      -- ({"articleId": n, "label": "第…条"}), or 'null' when none stood out; NULL when the words fit it, and in turns from before.
      ALTER TABLE citations ADD COLUMN closer TEXT;
    `,
  },
  {
    version: 17,
    name: 'dates of effect LawRefBook lacks',
    // The amending decisions' own dates for the national laws whose files give none or the publication date
    // (民事诉讼法 of 2023-09-01: in force 2024-01-01; library/import/effectiveDates.ts); import applies the same.
    sql: effectiveDateFixesSql(),
  },
  {
    version: 18,
    name: 'ids never given twice',
    // A consultation's or saved article's id is what a user types (--consultation 5, saved note 12) and what a
    // page holds: SQLite gives a deleted last row's id to the next row, so 「consultation 5」 could become another
    // matter. The highest id each table has given is kept and new rows are numbered above it (main/db/nextId.ts).
    sql: `
      CREATE TABLE id_high_water (tbl TEXT PRIMARY KEY, last_id INTEGER NOT NULL) WITHOUT ROWID;
      INSERT INTO id_high_water SELECT 'consultations', COALESCE(MAX(id), 0) FROM consultations;
      INSERT INTO id_high_water SELECT 'saved_articles', COALESCE(MAX(id), 0) FROM saved_articles;
      CREATE TRIGGER consultations_high_water AFTER INSERT ON consultations BEGIN
        UPDATE id_high_water SET last_id = MAX(last_id, NEW.id) WHERE tbl = 'consultations';
      END;
      CREATE TRIGGER saved_articles_high_water AFTER INSERT ON saved_articles BEGIN
        UPDATE id_high_water SET last_id = MAX(last_id, NEW.id) WHERE tbl = 'saved_articles';
      END;
    `,
  },
  {
    version: 19,
    name: 'the date a saved article is kept for',
    // 刑法 第三百九十条 saved for a bribe of 2022: the text saved is the one in force, and the date says that the text of
    // 2022 differs (main/library/saved: the list and the compilation carry the note and the text of the date).
    sql: `ALTER TABLE saved_articles ADD COLUMN as_of TEXT;`,
  },
  {
    version: 20,
    name: 'dates of effect LawRefBook lacks: administrative regulations',
    // The fixes of migration 17 again, now with regulations whose amending decree set a later day (工伤保险条例 of
    // 2010-12-20: in force 2011-01-01; the 2024-12-06 batch: 2025-01-20). Only empty dates or publication dates are
    // replaced, so the entries migration 17 applied are left as they are.
    sql: effectiveDateFixesSql(),
  },
  {
    version: 21,
    name: 'the 款 or 项 a saved article is kept for',
    // 公司法 (2018) 第二十条第三款 (piercing the corporate veil) is 2023's 第二十三条第一款, its first 款 2023's 第二十一条:
    // a saved article keeps the part it was saved for and is found again by that part's words (main/library/saved).
    // part: the 款 cited, each with its 项, as citedSpans reads them ([{"paragraph":3,"items":[]}], one canonical
    // spelling, savedPart.ts); part_text: their words as saved. Both NULL for the whole article, as every row before.
    // 第二十条第一款 and 第二十条第三款 are different authorities, so a folder may hold both: the key takes the part, and
    // the table is rebuilt to change it (ids kept, the high-water trigger of migration 18 made again).
    sql: `
      CREATE TABLE saved_articles_v21 (
        id            INTEGER PRIMARY KEY,
        folder        TEXT NOT NULL DEFAULT '',
        note          TEXT NOT NULL DEFAULT '',
        saved_at      TEXT NOT NULL,
        law_title     TEXT NOT NULL,
        province      TEXT NOT NULL DEFAULT '',
        publish_date  TEXT NOT NULL DEFAULT '',
        kind          TEXT NOT NULL,
        article_label TEXT NOT NULL,
        path          TEXT NOT NULL DEFAULT '[]',
        text          TEXT NOT NULL,
        status        TEXT NOT NULL,
        as_of         TEXT,
        part          TEXT,
        part_text     TEXT
      );
      INSERT INTO saved_articles_v21 (id, folder, note, saved_at, law_title, province, publish_date, kind, article_label, path, text, status, as_of)
        SELECT id, folder, note, saved_at, law_title, province, publish_date, kind, article_label, path, text, status, as_of FROM saved_articles;
      DROP TABLE saved_articles;
      ALTER TABLE saved_articles_v21 RENAME TO saved_articles;
      CREATE UNIQUE INDEX saved_articles_key ON saved_articles (folder, law_title, province, publish_date, kind, article_label, COALESCE(part, ''));
      CREATE TRIGGER saved_articles_high_water AFTER INSERT ON saved_articles BEGIN
        UPDATE id_high_water SET last_id = MAX(last_id, NEW.id) WHERE tbl = 'saved_articles';
      END;
    `,
  },
  {
    version: 22,
    name: 'the date a turn applied the law as of',
    // A consultation without a date of its own applies, in each turn, the law of the facts' date the turn's state
    // gives, else of the engine's today when it ran (context.ts lawAsOf). A report read that back from the turn's
    // times, which a turn run across midnight, a retry on another day or a fixed today belie: each run writes it
    // now (law_as_of, YYYY-MM-DD) with why (law_as_of_by). Both NULL in turns from before, read back as before.
    sql: `
      ALTER TABLE turns ADD COLUMN law_as_of TEXT;
      ALTER TABLE turns ADD COLUMN law_as_of_by TEXT CHECK (law_as_of_by IN ('consultation', 'facts', 'today'));
    `,
  },
  {
    version: 23,
    name: 'dates of effect read from the texts themselves',
    // Documents whose source gives no date of effect get the one their own closing clause and history give, as an
    // import now reads it (lawRefBook/dateOfEffect.ts): 「本规定自一九九五年一月一日起执行」 (工资支付暂行规定),
    // 「本条例自公布之日起施行」 in an original text or one revised as a whole (国务院组织法 of 2024). A stored date is
    // never replaced.
    sql: '',
    run: (db) => {
      applyDatesFromText(db);
    },
  },
  {
    version: 24,
    name: 'footnotes apart from articles; the titles of documents imported once',
    // articles.notes: the collection's footnotes printed under an article (刑法 第四百五十二条's ①), a JSON list of
    // strings, no part of its text. law_aliases: the title a document was filed under a second time (the 人脸识别
    // interpretation without 「最高人民法院」) when the import kept one copy of it, so a citation by that title still
    // finds the law. Both filled by the next import.
    sql: `
      ALTER TABLE articles ADD COLUMN notes TEXT NOT NULL DEFAULT '[]';
      CREATE TABLE law_aliases (
        law_id INTEGER NOT NULL REFERENCES laws(id) ON DELETE CASCADE,
        title  TEXT NOT NULL,
        source TEXT NOT NULL,
        path   TEXT NOT NULL,
        PRIMARY KEY (source, path)
      );
      CREATE INDEX law_aliases_law ON law_aliases(law_id);
    `,
  },
  {
    version: 27,
    name: "who gave a consultation its title",
    // consultations.title_by: 'question' (the opening of the first message, greetings left out), 'state' (the matter and
    // its core issue, once the first turn's legal state is known), 'llm' (the title the model wrote with that state) or
    // 'user' (given when it started, or renamed): only a title from the question is ever replaced, so a name the user
    // gave stays. Consultations from before keep NULL and their titles.
    sql: `ALTER TABLE consultations ADD COLUMN title_by TEXT;`,
  },
];
