/** The sidebar's width on large screens, and the slide-over's on small ones (docs/product.md 2.2). */
export const SIDEBAR_WIDTH = '280px';
