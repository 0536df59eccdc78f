import fs from 'node:fs';
import path from 'node:path';
import { createEngine, type Engine } from '../engine/index.js';
import type { ModelOptions } from '../engine/retrieval.js';
import { defaultDbPath, userDataDir } from '../util/paths.js';
import { LexError } from '../util/errors.js';
import { evalCommand } from './commands/eval.js';
import { importCommand } from './commands/import.js';
import { infoCommand } from './commands/info.js';
import { searchCommand } from './commands/search.js';
import { showCommand } from './commands/show.js';
import { createOutput } from './output.js';

const HELP = `lexdesk — offline Chinese statute library

Commands:
  import PATH            import a LawRefBook folder or a JSONL file (--packs all|北京,上海)
  import --download [URL] download the LawRefBook collection and import it
  search "QUERY"         ranked articles (--k, --law, --level, --all-versions, --as-of, --province)
  show "CITATION"        one article: 民法典第1165条, 刑法264, 劳动合同法 38 (--as-of, --version, --changes)
  read "LAW"             one version of a law whole, or a chapter of it (--chapter 第四章, --toc, --version, --as-of, --out FILE.docx)
  compare "LAW"          a revised law's old and new articles side by side (--from, --to, --changes, --out FILE.md)
  eval FILE.jsonl…       Recall/MRR/nDCG/Hit@k over labelled queries (--k, --runs OUT.jsonl)
  info                   what the library holds
  laws [QUERY]           the catalogue of laws: level, the version in force, its articles (--level 法律, --province all)
  check FILE             every statute citation in a brief (.docx, .md, .txt, - for stdin) looked up and checked (--as-of)
  saved [add|note|move|remove|folders|export]  articles kept for a matter, with notes, and what later imports made of them
  embed                  article vectors for semantic search (--model DIR | --http-base URL --http-model NAME, --quantize)
  doctor                 check sqlite-vec, ONNX providers and a model (--model DIR, --providers cuda,cpu)
  consult                interactive consultation; --ask TEXT [--consultation ID] --json runs one turn
  consult --list | --show ID | --retry TURN_ID
  eval-consult FILE.jsonl consultations over a labelled file: recall, citation audit, verdicts, tokens, time
  llm show|presets|set|key|test  the LLM endpoint (env: LEXDESK_LLM_BASE_URL, LEXDESK_LLM_MODEL, LEXDESK_LLM_API_KEY)
  rules list|add|activate|delete|evolve|history  query expansion rules
  export ID --out FILE.md|.docx|.pdf  a cited report of a consultation (--format, --turn N, --all-states, --excluded)
  serve                  the desktop UI in a browser tab: http://127.0.0.1 with a per-launch token (--port)

Every command takes --db FILE (default: $LEXDESK_DB or ${defaultDbPath()}) and --json.`;

type Command = (args: string[], open: (db?: string, models?: ModelOptions) => Engine, out: ReturnType<typeof createOutput>) => Promise<number> | number;

const COMMANDS: Record<string, Command> = {
  import: importCommand,
  search: searchCommand,
  show: showCommand,
  eval: evalCommand,
  compare: async (args, open, out) => (await import('./commands/compare.js')).compareCommand(args, open, out),
  read: async (args, open, out) => (await import('./commands/read.js')).readCommand(args, open, out),
  info: infoCommand,
  laws: async (args, open, out) => (await import('./commands/laws.js')).lawsCommand(args, open, out),
  check: async (args, open, out) => (await import('./commands/check.js')).checkCommand(args, open, out),
  saved: async (args, open, out) => (await import('./commands/saved.js')).savedCommand(args, open, out),
  doctor: async (args, open, out) => (await import('./commands/doctor.js')).doctorCommand(args, open, out),
  embed: async (args, open, out) => (await import('./commands/embed.js')).embedCommand(args, open, out),
  consult: async (args, open, out) => (await import('./commands/consult.js')).consultCommand(args, open, out),
  llm: async (args, open, out) => (await import('./commands/llm.js')).llmCommand(args, open, out),
  rules: async (args, open, out) => (await import('./commands/rules.js')).rulesCommand(args, open, out),
  export: async (args, open, out) => (await import('./commands/export.js')).exportCommand(args, open, out),
  serve: async (args, open, out) => (await import('./commands/serve.js')).serveCommand(args, open, out),
  'eval-consult': async (args, open, out) => (await import('./commands/evalConsult.js')).evalConsultCommand(args, open, out),
};

/** Runs the CLI; returns the exit code. Errors print as a readable message (plus candidates or usage), never a stack. */
export async function main(argv: string[]): Promise<number> {
  exitQuietlyOnClosedPipe();
  const [name, ...rest] = argv;
  const out = createOutput(rest.includes('--json'));
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    out.print(HELP);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) return out.error(new LexError('usage', `Unknown command "${name}". Run lexdesk help.`));
  if (rest.includes('--help') || rest.includes('-h')) {
    out.print(HELP);
    return 0;
  }
  const open = (db?: string, models?: ModelOptions) => openLibrary(name, db, models);
  try {
    return await command(rest, open, out);
  } catch (err) {
    return out.error(err);
  }
}

/** The library a command works on (--db, LEXDESK_DB or the per-user default), refused when it is missing and the command may not create it. */
function openLibrary(command: string, given: string | undefined, models: ModelOptions | undefined): Engine {
  const dbPath = path.resolve(given ?? defaultDbPath());
  const create = mayCreateLibrary(command, dbPath);
  if (!create && !fs.existsSync(dbPath)) throw missingLibrary(dbPath, given);
  return createEngine({ dbPath, models, create });
}

/**
 * import fills a new library; serve, like the desktop app, starts on the per-user default library
 * and imports from its UI. Every other command reads or adds to an existing library, so a mistyped
 * --db fails instead of quietly creating an empty library (and its folder) that finds nothing.
 */
function mayCreateLibrary(command: string, dbPath: string): boolean {
  if (command === 'import') return true;
  return command === 'serve' && dbPath === path.resolve(userDataDir(), 'library.db');
}

function missingLibrary(dbPath: string, given: string | undefined): LexError {
  const source = given !== undefined ? '--db' : process.env.LEXDESK_DB ? 'LEXDESK_DB' : null;
  const check = source ? `check ${source}, or` : 'name one with --db or LEXDESK_DB, or';
  return new LexError('library-missing', `No library at ${dbPath}; ${check} run lexdesk import PATH (or lexdesk import --download) first.`);
}

/** `lexdesk search … | head` closes stdout early: stop quietly instead of crashing. */
function exitQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}
