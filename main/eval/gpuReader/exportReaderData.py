"""Writes what reader.py needs into one folder small enough to travel to a GPU machine: the
library's articles (id, law version, title, label, text cut at 600 characters) and the dumped
stard-train questions with their folds, gold article ids, candidate ids in the dump's order and
the lawyer's answer to each (from lecoqa-answers, for training folds only: reader.py never reads
a held-out fold's answers).

  python3 exportReaderData.py DUMP.json LIBRARY.db ../shared/eval/lecoqa-answers.jsonl OUT_DIR
"""
import gzip, json, os, sqlite3, sys

dump_file, library, answers_file, out_dir = sys.argv[1:5]
os.makedirs(out_dir, exist_ok=True)
db = sqlite3.connect(f'file:{library}?mode=ro', uri=True)
rows = db.execute("""select a.id, a.document_id, l.title, a.label, a.text from articles a
  join documents d on d.id = a.document_id join laws l on l.id = d.law_id""").fetchall()
with gzip.open(os.path.join(out_dir, 'articles.jsonl.gz'), 'wt', encoding='utf8') as f:
    for r in rows:
        f.write(json.dumps({'id': r[0], 'doc': r[1], 'title': r[2], 'label': r[3], 'text': r[4][:600]}, ensure_ascii=False) + '\n')
answers = {}
with open(answers_file, encoding='utf8') as f:
    for line in f:
        o = json.loads(line)
        if isinstance(o.get('answer'), str):
            answers.setdefault(o['query'], o['answer'])
dump = json.load(open(dump_file, encoding='utf8'))
questions = [{'fold': q['fold'], 'gold': q['gold'], 'query': q['query'], 'answer': answers.get(q['query'], ''),
              'cands': [c['articleId'] for c in q['candidates']]} for q in dump]
json.dump(questions, open(os.path.join(out_dir, 'questions.json'), 'w', encoding='utf8'), ensure_ascii=False)
print(f'{len(rows)} articles, {len(questions)} questions, {sum(1 for q in questions if q["answer"])} with an answer')
