// Where the focus goes when the control that had it disappears.

/** Focuses the page's main region (it has tabindex=-1) without scrolling. */
export function focusMain(): void {
  if (typeof document === 'undefined') return;
  const active = document.activeElement;
  // Only when the focus was in the consent UI or the language note (or lost): never steal it.
  if (active && active !== document.body && !active.closest('.cookie-bar, .cookie-modal, .language-note')) return;
  document.getElementById('main')?.focus({ preventScroll: true });
}
