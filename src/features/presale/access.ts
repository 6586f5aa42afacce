/** An application's accessibility request in words, for the paid list, its CSV and the door (decision 0053). */
export function accessLabel(need: 'wheelchair' | 'other' | null, note: string | null): string | null {
  if (need === null) return null;
  const kind = need === 'wheelchair' ? '車椅子スペース（同伴者席あり）' : 'その他の配慮';
  return note ? `${kind}：${note}` : kind;
}
