import Image from '@tiptap/extension-image';

export interface MediaImageOptions {
  /** The URL the editor shows a `media:<id>` image by (a signed preview URL); the stored HTML keeps the reference. */
  resolveSrc: (src: string) => string | undefined;
}

/**
 * The body's images are the item's own files, stored as `<img src="media:<id>" alt="…">` and given their URLs when
 * a page is drawn. In the editor they are shown by their preview URL, while getHTML still writes `media:<id>`: the
 * node keeps the reference as its src and only the node view's <img> points at the preview.
 */
export const MediaImage = Image.extend<MediaImageOptions & Record<string, unknown>>({
  addOptions() {
    return { ...this.parent!(), resolveSrc: () => undefined };
  },
  // Only src and alt: the sanitiser keeps nothing else, and the server reads `<img src=… alt=…>` in that order.
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('img');
      const show = (attrs: Record<string, unknown>) => {
        const src = typeof attrs.src === 'string' ? attrs.src : '';
        dom.src = this.options.resolveSrc(src) ?? src;
        dom.alt = typeof attrs.alt === 'string' ? attrs.alt : '';
        dom.dataset.mediaSrc = src;
      };
      show(node.attrs);
      dom.className = 'max-w-full h-auto rounded-md';
      dom.draggable = true;
      return {
        dom,
        update(updated) {
          if (updated.type.name !== node.type.name) return false;
          show(updated.attrs);
          return true;
        },
      };
    };
  },
});
