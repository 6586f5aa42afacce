'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';
import type { PresaleView } from '@/features/presale/types';
import { offeringLabels } from './labels';
import { AccessRequest, type AccessNeed } from './access-request';

const RANKS = ['第1希望', '第2希望', '第3希望'];

/** Ranked choices, the ticket count and the companions' member numbers; the server checks every rule again. */
export function ApplicationForm({ view, onDone }: { view: PresaleView; onDone: () => void }) {
  const editing = view.mine !== null;
  const [choices, setChoices] = useState<string[]>(view.mine?.choices ?? []);
  const [tickets, setTickets] = useState(view.mine?.tickets ?? 1);
  const [companions, setCompanions] = useState<string[]>(
    view.mine?.companions.map((c) => String(c.memberNumber ?? '')) ?? [],
  );
  const [method, setMethod] = useState<'card' | 'konbini' | ''>(
    view.mine?.paymentMethod ?? (view.savedCard ? 'card' : 'konbini'),
  );
  const [access, setAccess] = useState<{ need: AccessNeed; note: string }>({
    need: view.mine?.accessNeed ?? 'none',
    note: view.mine?.accessNote ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const labels = offeringLabels(view);
  const companionCount = view.companionRule === 'member' ? tickets - 1 : 0;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSending(true);
    const application = {
      choices: choices.filter(Boolean),
      tickets,
      companions: companions.slice(0, companionCount).map((c) => c.trim()),
      paymentMethod: method,
      ...(view.accessibilityRequests ? { access } : {}),
    };
    const result = await postJson<{ receiptNo: string }>(`/api/presales/${view.id}/application`, {
      action: editing ? 'update' : 'apply',
      application,
    });
    setSending(false);
    if (!result.ok) {
      setError(result.message);
      setFields(result.fields);
      return;
    }
    toast.success(
      editing
        ? 'お申し込み内容を変更しました。'
        : `お申し込みを受け付けました（受付番号 ${result.data.receiptNo}）。`,
    );
    onDone();
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="先行受付のお申し込み">
      {Array.from({ length: view.choiceCount }, (_, rank) => (
        <label key={rank} className="block">
          <span className="mb-1 block text-sm font-bold">
            {RANKS[rank]}
            {rank === 0 && <span className="ml-1 text-error">（必須）</span>}
          </span>
          <select
            className="min-h-12 w-full rounded-lg border border-line bg-surface px-3"
            value={choices[rank] ?? ''}
            aria-invalid={fields[`application.choices`] ? true : undefined}
            onChange={(event) => {
              const next = [...choices];
              next[rank] = event.target.value;
              setChoices(next);
            }}
          >
            <option value="">{rank === 0 ? '選んでください' : '希望しない'}</option>
            {[...labels].map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label className="block">
        <span className="mb-1 block text-sm font-bold">枚数</span>
        <select
          className="min-h-12 w-full rounded-lg border border-line bg-surface px-3"
          value={tickets}
          onChange={(event) => setTickets(Number(event.target.value))}
        >
          {Array.from({ length: view.ticketsPerApplication }, (_, i) => (
            <option key={i} value={i + 1}>
              {i + 1}枚
            </option>
          ))}
        </select>
      </label>
      {Array.from({ length: companionCount }, (_, i) => (
        <TextField
          key={i}
          label={`同行者${companionCount > 1 ? i + 1 : ''}の会員番号`}
          hint="同行者もファンクラブのプレミアム会員である必要があります。同行者がマイページで承認すると申込が確定します。"
          inputMode="numeric"
          value={companions[i] ?? ''}
          error={fields[`application.companions.${i}`]}
          onChange={(event) => {
            const next = [...companions];
            next[i] = event.target.value;
            setCompanions(next);
          }}
        />
      ))}
      <fieldset aria-describedby="pay-hint">
        <legend className="mb-1 text-sm font-bold">当選した場合のお支払い方法</legend>
        <p id="pay-hint" className="mb-2 text-xs text-ink/75">
          カードは当落発表の時刻に自動で決済します。コンビニ払いは発表後にお支払い番号をお知らせします。
        </p>
        {(
          [
            [
              'card',
              view.savedCard ? `クレジットカード（${view.savedCard}）` : 'クレジットカード（カード未登録）',
            ],
            ['konbini', 'コンビニ払い'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="paymentMethod"
              value={value}
              checked={method === value}
              disabled={value === 'card' && !view.savedCard && method !== 'card'}
              onChange={() => setMethod(value)}
            />
            <span>{label}</span>
          </label>
        ))}
        {fields['application.paymentMethod'] && (
          <p className="text-sm text-error">{fields['application.paymentMethod']}</p>
        )}
      </fieldset>
      {view.accessibilityRequests && (
        <AccessRequest
          need={access.need}
          note={access.note}
          error={fields['application.access.note']}
          onChange={(need, note) => setAccess({ need, note })}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <Button type="submit" disabled={sending} className="w-full sm:w-auto">
        {editing ? '変更する' : '申し込む'}
      </Button>
    </form>
  );
}
