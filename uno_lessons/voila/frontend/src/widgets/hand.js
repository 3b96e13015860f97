// HandView's view (uno_lessons/widgets/hand.py): a list of real <button>s, one per card, redrawn
// in place (the same elements, new attributes) so keyboard focus stays where it was. Python
// sends each card as a dict (classes, spoken label, aria-pressed, aria-disabled, picture,
// caption); a click is sent back with the card's index and code, so a click on a card that a
// redraw has just replaced is ignored by the kernel, not misapplied.
function sync(model, el) {
  const items = model.get("items");
  let list = el.querySelector("ul.uno-hand-list");
  let empty = el.querySelector(".uno-hand-none");
  if (!list) {
    list = document.createElement("ul");
    list.className = "uno-hand-list";
    el.appendChild(list);
    list.addEventListener("click", (ev) => {
      const btn = ev.target.closest("button.uno-card-btn");
      if (!btn || !list.contains(btn)) return;
      model.send({ cmd: "click", index: Number(btn.dataset.index), code: btn.dataset.code });
    });
  }
  if (!empty) {
    empty = document.createElement("p");
    empty.className = "uno-hand-none";
    el.appendChild(empty);
  }
  list.setAttribute("aria-label", model.get("label"));
  empty.textContent = model.get("empty_text");
  empty.hidden = items.length > 0;
  list.hidden = items.length === 0;
  const hadFocus = list.contains(document.activeElement);
  const focusIndex = hadFocus ? Number(document.activeElement.dataset.index) : -1;
  while (list.children.length > items.length) list.lastElementChild.remove();
  items.forEach((it, i) => {
    let li = list.children[i];
    if (!li) {
      li = document.createElement("li");
      li.innerHTML = '<button type="button"></button><span class="uno-code" aria-hidden="true"></span>';
      list.appendChild(li);
    }
    li.className = "uno-hand-item";
    const btn = li.firstElementChild, code = li.lastElementChild;
    btn.className = it.classes;
    btn.dataset.index = String(i);
    btn.dataset.code = it.code;
    btn.setAttribute("aria-label", it.label);
    if (it.pressed === null) btn.removeAttribute("aria-pressed");
    else btn.setAttribute("aria-pressed", it.pressed ? "true" : "false");
    if (it.disabled) btn.setAttribute("aria-disabled", "true");
    else btn.removeAttribute("aria-disabled");
    if (btn._svg !== it.svg) { btn.innerHTML = it.svg; btn._svg = it.svg; }
    code.textContent = it.caption;
  });
  // The focused card left the hand (played, taken away): keep focus in the hand.
  if (hadFocus && !list.contains(document.activeElement) && items.length) {
    list.children[Math.min(focusIndex, items.length - 1)].firstElementChild.focus();
  }
}
export default {
  render({ model, el }) {
    el.classList.add("uno-hand-view");
    sync(model, el);
    model.on("change:items", () => sync(model, el));
    model.on("change:label", () => sync(model, el));
    model.on("change:empty_text", () => sync(model, el));
  },
};
