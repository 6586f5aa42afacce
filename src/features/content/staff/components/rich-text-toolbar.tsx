import { useState, type ReactNode } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { LinkForm } from '@/features/content/staff/components/link-form';

/** The editor's formatting buttons, and the link form under them while it is open. */
export function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      link: current.isActive('link'),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const chain = () => editor.chain().focus();
  return (
    <div className="border-b border-line bg-surface-sub">
      <div role="toolbar" aria-label="書式" className="flex flex-wrap gap-1 p-1.5">
        <Tool label="見出し2" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          H2
        </Tool>
        <Tool label="見出し3" pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          H3
        </Tool>
        <Tool label="太字" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
          <strong>B</strong>
        </Tool>
        <Tool label="斜体" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
          <em>I</em>
        </Tool>
        <Tool label="リンク" pressed={state.link || linkOpen} onClick={() => setLinkOpen((open) => !open)}>
          リンク
        </Tool>
        <Tool label="箇条書き" pressed={state.bullet} onClick={() => chain().toggleBulletList().run()}>
          ・
        </Tool>
        <Tool label="番号付き" pressed={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
          1.
        </Tool>
        <Tool label="引用" pressed={state.quote} onClick={() => chain().toggleBlockquote().run()}>
          ”
        </Tool>
        <Tool label="元に戻す" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
          ↶
        </Tool>
        <Tool label="やり直す" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
          ↷
        </Tool>
      </div>
      {linkOpen && (
        <LinkForm
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onApply={(href) => {
            if (href === '') chain().extendMarkRange('link').unsetLink().run();
            else chain().extendMarkRange('link').setLink({ href }).run();
            setLinkOpen(false);
          }}
          onCancel={() => setLinkOpen(false)}
        />
      )}
    </div>
  );
}

function Tool({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-md px-2 text-sm font-bold hover:bg-surface disabled:opacity-40 aria-pressed:bg-primary"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
