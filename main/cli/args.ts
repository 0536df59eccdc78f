import { parseArgs, type ParseArgsConfig } from 'node:util';
import { LexError } from '../util/errors.js';
import { isCalendarDate } from '../../preload/contract/calendarDate.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export const COMMON_OPTIONS: Options = {
  db: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
};

export interface ParsedCommand {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** parseArgs with usage errors turned into readable LexErrors. */
export function parseCommand(args: string[], options: Options, usage: string): ParsedCommand {
  try {
    const { values, positionals } = parseArgs({ args, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: true });
    return { values: values as ParsedCommand['values'], positionals };
  } catch (err) {
    throw new LexError('usage', `${(err as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, '')}\nUsage: ${usage}`);
  }
}

export function intOption(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new LexError('usage', `--${name} must be a positive integer (got "${String(value)}")`);
  return n;
}

export function dateOption(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  const s = String(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) throw new LexError('usage', `--${name} must be a date like 2021-01-01 (got "${s}")`);
  if (!isCalendarDate(s)) throw new LexError('usage', `--${name}: ${s} is no day of the calendar (check the month's last day)`);
  return s;
}

export function listOption(value: unknown): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  return String(value).split(/[,，、\s]+/).filter(Boolean);
}
