// The front end of pycanfield.widget.GameWidget: it draws the picture Python sends
// and sends back what the reader clicks; the rules, and what a click means (pick up,
// place, tap), are in Python only.
const SHOWN = ["svg", "score", "message", "can_undo", "labels", "picked"];

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "pcf-widget";
  root.innerHTML =
    '<div class="pcf-table" data-role="table"></div>' +
    '<div class="pcf-bar">' +
    '<button type="button" data-action="undo"></button>' +
    '<button type="button" data-action="hint"></button>' +
    '<button type="button" data-action="new"></button>' +
    '<span class="pcf-status"><span data-role="score-label"></span> ' +
    '<span data-role="score"></span></span></div>' +
    '<p data-role="message" aria-live="polite"></p>';
  el.appendChild(root);
  const find = (selector) => root.querySelector(selector);

  function draw() {
    const labels = model.get("labels") || {};
    const table = find('[data-role="table"]');
    table.innerHTML = model.get("svg");
    // The picked card (the first of a run), for style sheets and scripts.
    table.dataset.picked = model.get("picked") || "";
    find('[data-role="score"]').textContent = String(model.get("score"));
    find('[data-role="score-label"]').textContent = labels.score || "";
    find('[data-role="message"]').textContent = model.get("message");
    for (const action of ["undo", "hint", "new"]) {
      find('[data-action="' + action + '"]').textContent = labels[action] || action;
    }
    find('[data-action="undo"]').disabled = !model.get("can_undo");
  }

  function click(event) {
    const button = event.target.closest("[data-action]");
    if (button !== null) {
      model.send({ kind: button.getAttribute("data-action") });
      return;
    }
    if (event.target.closest('[data-role="table"]') === null) {
      return;
    }
    // A card, else the pile around the click, else the table: "" puts a card back.
    const card = event.target.closest("[data-card]");
    const pile = event.target.closest("[data-pile]");
    const where = card !== null ? card.dataset.card : pile !== null ? pile.dataset.pile : "";
    model.send({ kind: "click", where });
  }

  root.addEventListener("click", click);
  for (const name of SHOWN) {
    model.on("change:" + name, draw);
  }
  draw();
  return () => {
    root.removeEventListener("click", click);
    for (const name of SHOWN) {
      model.off("change:" + name, draw);
    }
  };
}

export default { render };
