'use client';

import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { MediaImage } from '@/features/content/staff/components/media-image';
import { Toolbar } from '@/features/content/staff/components/rich-text-toolbar';

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
