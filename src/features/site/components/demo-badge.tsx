/**
 * Shown on every page of the demo (DEMO_MODE): its accounts sign in through the Auth emulator, whose tokens are
 * unsigned, so nobody should take it for a real club or type anything real into it. Small and out of the way, so
 * that screenshots still show the product; clicks pass through it.
 */
export function DemoBadge() {
  return (
    <aside
      aria-label="デモ環境です。実在のファンクラブではありません。"
      data-testid="demo-badge"
      className="pointer-events-none fixed bottom-2 left-2 z-50 rounded bg-black/75 px-2 py-0.5 text-xs font-bold text-white"
    >
      デモ
    </aside>
  );
}
