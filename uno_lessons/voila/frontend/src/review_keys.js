/**
 * Arrow keys step through the dashboard's Review view, as in a chess game viewer.
 *
 * While focus is inside the review (`.uno-review`), ← and → press Back and Forward, Home and
 * End press First and Last: the same buttons a mouse presses, so the server moves the step and
 * announces it, and a disabled button (at either end of the hand) does nothing. Keys typed into
 * a text box or a list are theirs. The buttons say their keys in `aria-keyshortcuts`, which
 * screen readers read out with the button's name.
 */

const KEYS = {
  ArrowLeft: '.uno-review-back',
  ArrowRight: '.uno-review-forward',
  Home: '.uno-review-first',
  End: '.uno-review-last',
};

const OWN_KEYS = 'input, textarea, select, [contenteditable="true"]';

/** The button a key presses in the review around `target`, or null. */
export function reviewButtonFor(event) {
  const selector = KEYS[event.key];
  if (!selector || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  const review = target && target.closest('.uno-review');
  if (!review || target.closest(OWN_KEYS)) return null;
  return review.querySelector(`button${selector}`);
}

/** Name each button's key (screen readers read it with the button's name). */
function labelKeys(review) {
  for (const [key, selector] of Object.entries(KEYS)) {
    const button = review.querySelector(`button${selector}`);
    if (button && !button.hasAttribute('aria-keyshortcuts')) button.setAttribute('aria-keyshortcuts', key);
  }
}

/** Listen on the whole document: the review's widgets are drawn (and redrawn) later. Its
 * buttons are labelled when focus first enters the review, where a keyboard user meets them. */
export function installReviewKeys(doc = document) {
  doc.addEventListener('keydown', (event) => {
    const button = reviewButtonFor(event);
    if (!button) return;
    event.preventDefault();
    if (!button.disabled) button.click();
  });
  doc.addEventListener('focusin', (event) => {
    const review = event.target instanceof Element && event.target.closest('.uno-review');
    if (review) labelKeys(review);
  });
}
