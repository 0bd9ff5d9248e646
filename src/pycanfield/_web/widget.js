// The front end of pycanfield.widget.GameWidget: it draws the picture Python sends
// and sends back what the reader clicks; the rules run in Python only.
const SHOWN = ["svg", "score", "message", "can_undo", "labels"];

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
    find('[data-role="table"]').innerHTML = model.get("svg");
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
    const card = event.target.closest("[data-card]");
    if (card !== null) {
      model.send({ kind: "tap", where: card.getAttribute("data-card") });
    } else if (event.target.closest('[data-pile="stock"]') !== null) {
      model.send({ kind: "tap", where: "stock" });
    }
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
