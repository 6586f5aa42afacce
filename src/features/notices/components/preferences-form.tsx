'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { postJson } from '@/lib/post-json';
import type { Preferences } from '@/features/notices/schemas';

type Choice = { key: keyof Preferences; label: string; hint: string };

const CHOICES: Choice[] = [
  {
    key: 'announcements',
    label: '運営からのお知らせ',
    hint: 'ライブやイベントなど、ファンクラブからのご案内',
  },
  { key: 'reminders', label: '更新日のお知らせ', hint: '会員期間が自動更新される7日前のご案内' },
  { key: 'birthday', label: '誕生日のお祝いメール', hint: 'お誕生日当日にお届けするメッセージ' },
];

/** Which optional mails the member gets; money and ticket mails are always sent (said on the page). */
/** Not a mail: whether the club greets the member on their birthday at all. */
const GREETING: Choice = {
  key: 'birthdayGreeting',
  label: '誕生日のお祝いを受け取る',
  hint: 'お誕生日当日の「お知らせ」と会員証の飾り（オフにするとメールも届きません）',
};

export function PreferencesForm({
  initial,
  birthdays = true,
}: {
  initial: Required<Preferences>;
  /** Whether the site greets birthdays (BIRTHDAY.ENABLED): otherwise its choices are not shown. */
  birthdays?: boolean;
}) {
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="flex flex-col gap-4 rounded-lg border border-line p-6"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const result = await postJson('/api/notices/preferences', value);
        setBusy(false);
        if (!result.ok) return setError(result.message);
        setError(null);
        toast.success('メールの受信設定を保存しました');
      }}
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="text-lg font-bold">メールで受け取るお知らせ</legend>
        {CHOICES.filter((choice) => birthdays || choice.key !== 'birthday').map((choice) => (
          <ChoiceBox key={choice.key} choice={choice} value={value} setValue={setValue} />
        ))}
      </fieldset>
      {birthdays && (
        <fieldset className="flex flex-col gap-4">
          <legend className="text-lg font-bold">誕生日のお祝い</legend>
          <ChoiceBox choice={GREETING} value={value} setValue={setValue} />
        </fieldset>
      )}
      <p className="text-sm text-ink-secondary">
        ご入会・お支払い・退会などの大切なお知らせは、設定にかかわらずメールでお送りします。お知らせはすべてマイページの「お知らせ」でもご覧いただけます。
      </p>
      <FormError message={error} />
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? '保存しています…' : '保存する'}
      </Button>
    </form>
  );
}

function ChoiceBox({
  choice,
  value,
  setValue,
}: {
  choice: Choice;
  value: Required<Preferences>;
  setValue: (value: Required<Preferences>) => void;
}) {
  return (
    <label className="flex items-start gap-3">
      <input
        type="checkbox"
        className="mt-1 size-5"
        name={choice.key}
        checked={value[choice.key]}
        onChange={(event) => setValue({ ...value, [choice.key]: event.target.checked })}
      />
      <span className="flex flex-col">
        <span className="font-bold">{choice.label}</span>
        <span className="text-sm text-ink-secondary">{choice.hint}</span>
      </span>
    </label>
  );
}
