import type { z } from 'zod';
import { compareIds } from './canonical';
import type { DrawRecord } from './record';

/** What a verifier shows one line for (the browser page's list, the command's output). */
export type DrawCheck = 'format' | 'commitment' | 'entryList' | 'beacon' | 'results';

/** The checks' names as both verifiers show them, in the order they are shown. */
export const DRAW_CHECK_LABELS: Record<DrawCheck, string> = {
  format: '記録の形式',
  commitment: 'シード/コミットメント',
  entryList: '応募リスト',
  beacon: 'ビーコン',
  results: '結果',
};

export interface RuleProblem {
  check: DrawCheck;
  message: string;
}

/** `results[3].rank`: the path as a reader of the JSON would write it. */
export function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

const CHECK_OF: Record<string, DrawCheck> = {
  seed: 'commitment',
  commitment: 'commitment',
  entryListHash: 'entryList',
  offerings: 'entryList',
  entries: 'entryList',
  beacon: 'beacon',
  voided: 'results',
  results: 'results',
};

/**
 * One schema issue in Japanese, naming the rule's section. Parse with `reportInput: true` so that a missing key can be
 * told from a wrong value. `rank` on a lost or void result gets its own sentence: it is the variant readers disagreed on.
 */
export function describeIssue(issue: z.core.$ZodIssue): RuleProblem {
  const where = pathText(issue.path) || '記録';
  const check = CHECK_OF[String(issue.path[0])] ?? 'format';
  if (issue.code === 'unrecognized_keys') {
    if (issue.path[0] === 'results' && issue.keys.includes('rank')) {
      return {
        check,
        message: `${where}: 落選（lost）と無効（void）の結果には rank キーを書きません（null も不可、第6節）`,
      };
    }
    return {
      check,
      message: `${where}: 定められていないキー ${issue.keys.join(', ')} は認められません（第6節）`,
    };
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return { check, message: `${where} がありません（第6節）` };
  }
  return { check, message: `${where}: ${issue.message}` };
}

/** Strictly increasing ids: in their order (bytes) and each once. */
function orderProblems(ids: string[], rule: string, section: string, check: DrawCheck): RuleProblem[] {
  const name = rule.split(' ')[0]!;
  for (let i = 1; i < ids.length; i++) {
    const order = compareIds(ids[i - 1]!, ids[i]!);
    if (order === 0) return [{ check, message: `${name} に ID「${ids[i]}」が2回あります（${section}）` }];
    if (order > 0) return [{ check, message: `${rule}でなければなりません（${section}）` }];
  }
  return [];
}

/** The rules that tie one part of a parsed record to another (sections 2 and 6); schema rules come first. */
export function recordRuleProblems(record: DrawRecord): RuleProblem[] {
  const problems = [
    ...orderProblems(
      record.offerings.map((o) => o.id),
      'offerings は id のバイト順',
      '第6節',
      'entryList',
    ),
    ...orderProblems(
      record.entries.map((e) => e.id),
      'entries は応募リストの正規順',
      '第2節',
      'entryList',
    ),
  ];
  if (record.round && record.round.id === record.presale) {
    problems.push({
      check: 'format',
      message: 'round.id は先行受付の ID（presale）と別の ID でなければなりません（第9節）',
    });
  }
  const offerings = new Set(record.offerings.map((o) => o.id));
  record.entries.forEach((entry, i) => {
    for (const choice of entry.choices.filter((c) => !offerings.has(c))) {
      problems.push({
        check: 'entryList',
        message: `entries[${i}].choices: 席種「${choice}」は記録の offerings にありません（第2節）`,
      });
    }
  });
  const entries = new Set(record.entries.map((e) => e.id));
  record.voided.forEach((voided, i) => {
    if (!entries.has(voided.entry)) {
      problems.push({
        check: 'results',
        message: `voided[${i}]: 応募「${voided.entry}」は entries にありません（第6節）`,
      });
    }
  });
  problems.push(
    ...orderProblems(
      record.voided.map((v) => v.entry),
      'voided は応募リストの正規順',
      '第6節',
      'results',
    ),
  );
  problems.push(...resultRuleProblems(record));
  return problems;
}

function resultRuleProblems(record: DrawRecord): RuleProblem[] {
  const { entries, results } = record;
  if (results.length !== entries.length) {
    return [
      {
        check: 'results',
        message: `results は応募1件につき1つ（${entries.length}件）でなければなりません（${results.length}件あります、第6節）`,
      },
    ];
  }
  const outOfOrder = results.findIndex((result, i) => result.entry !== entries[i]!.id);
  if (outOfOrder >= 0) {
    return [
      {
        check: 'results',
        message: `results は応募リストの正規順でなければなりません（results[${outOfOrder}] が「${entries[outOfOrder]!.id}」ではありません、第6節）`,
      },
    ];
  }
  const voided = new Set(record.voided.map((v) => v.entry));
  const wrongVoid = results.findIndex((result) => (result.outcome === 'void') !== voided.has(result.entry));
  return wrongVoid < 0
    ? []
    : [
        {
          check: 'results',
          message: `results[${wrongVoid}]: void は voided にある応募だけの結果で、voided にある応募の結果は void です（第6節）`,
        },
      ];
}
