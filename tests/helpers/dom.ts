/**
 * A DOM for component tests (jsdom): globals React needs, a fresh container
 * per render, and act() around every update.
 */
import { dom } from './domGlobals.js';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

export interface Rendered {
  container: HTMLElement;
  root: Root;
  byTestId(id: string): HTMLElement;
  allByTestId(id: string): HTMLElement[];
  click(el: Element): Promise<void>;
  type(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): Promise<void>;
  unmount(): void;
}

export async function render(node: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () => root.render(node));
  const all = (id: string) => [...container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
  return {
    container,
    root,
    allByTestId: all,
    byTestId(id) {
      const found = all(id);
      if (found.length !== 1) throw new Error(`expected one [data-testid=${id}], found ${found.length}`);
      return found[0]!;
    },
    async click(el) {
      await act(async () => {
        el.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true }));
      });
    },
    async type(el, value) {
      await act(async () => {
        // The prototype's setter bypasses React's value tracker, so React sees a real change.
        const proto = Object.getPrototypeOf(el) as object;
        Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
        el.dispatchEvent(new dom.window.Event('input', { bubbles: true }));
        el.dispatchEvent(new dom.window.Event('change', { bubbles: true }));
      });
    },
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}
