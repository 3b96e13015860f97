// ToggleChoice's view (uno_lessons/widgets/choice.py): a named group (role="group", labelled by
// its visible title) of real <button>s with aria-pressed, redrawn in place so keyboard focus
// stays where it was. The pressed one also shows a check mark, so the choice is told in words
// and shape, not by colour alone. A click sets the model's index; Python keeps value in step.
function sync(model, el) {
  const labels = model.get("labels");
  let title = el.querySelector(".uno-choice-title"), row = el.querySelector(".uno-choice-row");
  if (!row) {
    const id = "uno-choice-" + Math.random().toString(36).slice(2, 10);
    title = document.createElement("span");
    title.className = "uno-choice-title";
    title.id = id;
    row = document.createElement("div");
    row.className = "uno-choice-row";
    row.setAttribute("role", "group");
    row.setAttribute("aria-labelledby", id);
    el.append(title, row);
    row.addEventListener("click", (ev) => {
      const b = ev.target.closest("button");
      if (b && row.contains(b)) { model.set("index", Number(b.dataset.index)); model.save_changes(); }
    });
  }
  title.textContent = model.get("description");
  title.hidden = !model.get("description");
  while (row.children.length > labels.length) row.lastElementChild.remove();
  labels.forEach((text, i) => {
    let b = row.children[i];
    if (!b) {
      b = document.createElement("button");
      b.type = "button";
      b.innerHTML = '<span class="uno-choice-mark" aria-hidden="true"></span><span></span>';
      row.appendChild(b);
    }
    const on = i === model.get("index");
    b.dataset.index = String(i);
    b.className = "uno-choice" + (on ? " uno-choice-on" : "");
    b.setAttribute("aria-pressed", on ? "true" : "false");
    b.firstElementChild.textContent = on ? "\u2713" : "";
    b.lastElementChild.textContent = text;
  });
}
export default {
  render({ model, el }) {
    el.classList.add("uno-choice-view");
    sync(model, el);
    for (const k of ["labels", "index", "description"]) model.on("change:" + k, () => sync(model, el));
  },
};
