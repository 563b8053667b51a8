/// <reference lib="dom" />
// The graph view's viewport in the page: places the drawing (a CSS
// transform on its container) as graphView.ts computes, fits it, and
// turns the wheel, drags and keys into zoom and pan.

import { cssTransform, fitTransform, keyAction, panBy, Size, Transform, zoomAt } from './graphView';

export class Viewport {
  private t: Transform = { x: 0, y: 0, k: 1 };
  private fitK = 1;
  private content: Size = { width: 0, height: 0 };
  /** Set once the user zooms or pans: a redraw or a resize then keeps their view. */
  moved = false;
  /** Set by a drag until its closing click has passed, which then opens nothing. */
  dragged = false;

  /** view is the element the drawing shows in (none in a test's bare page); drawing holds the SVG. */
  constructor(
    private readonly view: HTMLElement | undefined,
    private readonly drawing: HTMLElement,
  ) {}

  /** A new drawing of this size: fitted, unless keep (the same template redrawn after the user moved). */
  show(content: Size, keep: boolean): void {
    this.content = content;
    if (keep && this.moved) {
      this.apply();
    } else {
      this.fit();
    }
  }

  fit(): void {
    this.t = fitTransform(this.content, this.size());
    this.fitK = this.t.k;
    this.moved = false;
    this.apply();
  }

  /** Zooms by factor about the view's point (px, py), its centre by default. */
  zoom(factor: number, px?: number, py?: number): void {
    const v = this.size();
    this.t = zoomAt(this.t, factor, px ?? v.width / 2, py ?? v.height / 2, this.fitK);
    this.moved = true;
    this.apply();
  }

  pan(dx: number, dy: number): void {
    this.t = panBy(this.t, dx, dy);
    this.moved = true;
    this.apply();
  }

  /** Listens to the wheel, drags, the view's size and the keys; hasDrawing says whether there is something to fit. */
  listen(hasDrawing: () => boolean): void {
    const view = this.view;
    if (view) {
      this.listenPointer(view);
      // Fit again when the panel changes size, unless the user set their own view.
      const refit = () => {
        if (!this.moved && hasDrawing()) {
          this.fit();
        }
      };
      if (typeof ResizeObserver === 'function') {
        new ResizeObserver(refit).observe(view);
      } else {
        window.addEventListener('resize', refit);
      }
    }
    document.addEventListener?.('keydown', (ev: KeyboardEvent) => {
      const tag = (ev.target as Element | null)?.tagName;
      if (ev.ctrlKey || ev.metaKey || ev.altKey || tag === 'INPUT' || tag === 'BUTTON') {
        return;
      }
      const a = keyAction(ev.key, ev.shiftKey);
      if (!a) {
        return;
      }
      ev.preventDefault();
      if ('zoom' in a) {
        this.zoom(a.zoom);
      } else if ('pan' in a) {
        this.pan(...a.pan);
      } else {
        this.fit();
      }
    });
  }

  /** The wheel zooms about the pointer (with Shift it pans); a drag pans. */
  private listenPointer(view: HTMLElement): void {
    let drag: { x: number; y: number; id: number } | undefined;
    view.addEventListener('pointerdown', (ev) => {
      if (ev.button === 0) {
        drag = { x: ev.clientX, y: ev.clientY, id: ev.pointerId };
        this.dragged = false;
      }
    });
    view.addEventListener('pointermove', (ev) => {
      if (!drag || ev.pointerId !== drag.id) {
        return;
      }
      const dx = ev.clientX - drag.x;
      const dy = ev.clientY - drag.y;
      if (!this.dragged && Math.hypot(dx, dy) < 4) {
        return;
      }
      if (!this.dragged) {
        this.dragged = true;
        view.setPointerCapture?.(ev.pointerId);
        view.classList.add('dragging');
      }
      drag.x = ev.clientX;
      drag.y = ev.clientY;
      this.pan(dx, dy);
    });
    const endDrag = () => {
      drag = undefined;
      view.classList.remove('dragging');
      // The click that ends a drag (if any: released elsewhere, there is
      // none) comes before this timer.
      setTimeout(() => (this.dragged = false), 0);
    };
    view.addEventListener('pointerup', endDrag);
    view.addEventListener('pointercancel', endDrag);
    view.addEventListener(
      'wheel',
      (ev) => {
        ev.preventDefault();
        if (ev.shiftKey) {
          this.pan(-ev.deltaX - ev.deltaY, 0);
          return;
        }
        // A notch of a mouse wheel (deltaY 100) zooms by about 1.16.
        const r = view.getBoundingClientRect();
        const lines = ev.deltaMode === 1 ? 33 : ev.deltaMode === 2 ? 400 : 1;
        this.zoom(Math.exp((-ev.deltaY * lines) / 660), ev.clientX - r.left, ev.clientY - r.top);
      },
      { passive: false },
    );
  }

  private size(): Size {
    return { width: this.view?.clientWidth ?? 0, height: this.view?.clientHeight ?? 0 };
  }

  private apply(): void {
    this.drawing.style.transform = cssTransform(this.t);
  }
}
