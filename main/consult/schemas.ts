/**
 * Shapes of the LLM's structured replies. Lists default to empty so a model
 * that leaves out an empty field is not punished; anything of the wrong type
 * fails validation (and gets one repair request).
 */
import { z } from 'zod';

const list = z.array(z.string()).default([]);

export const LegalStateSchema = z.object({
  parties: z.array(z.object({ name: z.string(), role: z.string() })).default([]),
  relations: list,
  keyFacts: list,
  disputeFocus: list,
  posture: z.string().default(''),
  domains: list,
  subQuestion: z.string().default(''),
  missingFacts: list,
  /** Date of the facts (YYYY-MM-DD) when the user gives one: the law as of then applies. */
  factDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().default(null),
  /** Province or city the matter belongs to, when known. */
  place: z.string().nullable().default(null),
});
export type LegalState = z.infer<typeof LegalStateSchema>;

export const REWRITE_ROLES = ['terminology', 'implicit', 'decompose', 'supporting', 'repair'] as const;
export type RewriteRole = (typeof REWRITE_ROLES)[number];

export const PlanSchema = z.object({
  historyQuery: z.string().optional(),
  role: z.enum(REWRITE_ROLES),
  queries: z.array(z.string().min(1)).min(1).max(3),
  covered: z.boolean().default(false),
  reason: z.string().default(''),
});
export type Plan = z.infer<typeof PlanSchema>;

export const RuleExpansionSchema = z.object({
  expansions: z.array(z.object({ rule: z.string(), text: z.string() })).default([]),
});

export const RerankSchema = z.object({ ranking: z.array(z.number().int()) });

export const ChecklistSchema = z.object({
  items: z.array(z.object({ index: z.number().int(), conditions: z.array(z.string()).min(1) })),
});

export const AuditSchema = z.object({
  results: z.array(
    z.object({
      index: z.number().int(),
      applicable: z.boolean(),
      failedCondition: z.string().nullable().optional(),
      reason: z.string().default(''),
    }),
  ),
});

const check = z.object({ ok: z.boolean(), note: z.string().default('') });

export const JudgeSchema = z.object({
  verdict: z.enum(['SUFFICIENT', 'INSUFFICIENT']),
  checks: z.object({
    factualSupport: check,
    jurisdiction: check,
    temporal: check,
    contradictions: check,
    missingElements: check,
  }),
  missing: list,
  refinementQueries: z.array(z.string().min(1)).max(2).default([]),
});
export type JudgeReply = z.infer<typeof JudgeSchema>;


export const SummaryBatchSchema = z.object({
  items: z.array(z.object({ index: z.number().int(), conditions: list, effects: list, scenarios: list })),
});
