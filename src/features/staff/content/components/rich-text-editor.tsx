'use client';

import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { MediaImage } from '@/features/staff/content/components/media-image';

export interface RichTextEditorHandle {
  /** Places one of the item's images at the cursor; `src` is its preview URL, the body keeps `media:<id>`. */
  insertImage(file: { id: string; src: string; alt: string }): void;
}

/**
 * The body editor (Tiptap). It writes only what the server's sanitiser keeps (headings 2-3, bold, italic, links,
 * lists, quotes, the item's images); the server sanitises whatever arrives anyway. Loaded with next/dynamic, so no
 * fan page ever carries it.
 */
export default function RichTextEditor({
  label,
  initialHtml,
  imageUrls,
  onChange,
  handleRef,
  error,
}: {
  label: string;
  initialHtml: string;
  imageUrls: Record<string, string>;
  onChange: (html: string) => void;
  handleRef: RefObject<RichTextEditorHandle | null>;
  error?: string;
}) {
  const labelId = useId();
  // One map for the editor's life: images inserted later add their preview URLs to it.
  const [previews] = useState(() => new Map(Object.entries(imageUrls)));
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto'],
          isAllowedUri: (url) => /^(https?:|mailto:)/i.test(url),
        },
      }),
      MediaImage.configure({
        resolveSrc: (src: string) =>
          src.startsWith('media:') ? previews.get(src.slice('media:'.length)) : undefined,
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'item-body min-h-64 px-4 py-3 focus:outline-none',
        'data-testid': 'body-editor',
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    handleRef.current = editor
      ? {
          insertImage(file) {
            previews.set(file.id, file.src);
            // After the selection, never over it: a just-inserted image is selected, and a second one must
            // follow it rather than replace it.
            editor
              .chain()
              .focus()
              .insertContentAt(editor.state.selection.to, {
                type: 'image',
                attrs: { src: `media:${file.id}`, alt: file.alt },
              })
              .run();
          },
        }
      : null;
    return () => {
      handleRef.current = null;
    };
  }, [editor, handleRef, previews]);

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-bold">
        {label}
      </span>
      <div
        className={`overflow-hidden rounded-md border bg-surface ${error ? 'border-error' : 'border-line'}`}
      >
        {editor ? <Toolbar editor={editor} /> : <div className="h-12 border-b border-line bg-surface-sub" />}
        <EditorContent editor={editor} />
      </div>
      {error && (
        <p role="alert" className="text-sm font-bold text-error" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
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

/** The link's address: https or mailto only; an empty address removes the link. */
function LinkForm({
  initial,
  onApply,
  onCancel,
}: {
  initial: string;
  onApply: (href: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const value = href.trim();
    if (value !== '' && !/^(https?:\/\/|mailto:)/i.test(value)) {
      setError('https:// で始まる URL を入力してください');
      return;
    }
    onApply(value);
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-line p-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-xs font-bold">
          リンク先 URL（空欄でリンクを解除）
        </label>
        <input
          id={id}
          type="url"
          inputMode="url"
          value={href}
          autoFocus
          aria-invalid={error ? true : undefined}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
            if (event.key === 'Escape') onCancel();
          }}
          className="min-h-10 w-full min-w-0 rounded-md border border-line bg-surface px-2 text-base"
        />
        {error && (
          <p role="alert" className="text-xs font-bold text-error">
            {error}
          </p>
        )}
      </div>
      <button type="button" onClick={apply} className="min-h-10 rounded-md bg-primary px-3 text-sm font-bold">
        適用
      </button>
      <button
        type="button"
        onClick={onCancel}
        className="min-h-10 rounded-md border border-line px-3 text-sm"
      >
        閉じる
      </button>
    </div>
  );
}
