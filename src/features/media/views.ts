/** An image as a page draws it: a fixed aspect ratio (no layout shift) and resized WebP renditions. */
export interface ImageView {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
}

export interface VideoView {
  src: string;
  contentType: string;
  width: number | null;
  height: number | null;
  poster: ImageView | null;
}
