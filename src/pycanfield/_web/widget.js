// The front end of pycanfield.widget.GameWidget: it draws the picture Python sends and
// sends back what the reader does with the pointer: a click on a card or on the stock
// ({kind: "tap"}), a card dragged onto a pile ({kind: "drop"}).  The rules, and so
// which moves are legal, are in Python only.
const SHOWN = ["svg", "score", "message", "can_undo", "labels"];
// How far the pointer travels, in pixels, before a press becomes a drag.
const THRESHOLD = 5;
const SVG = "http://www.w3.org/2000/svg";

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
  const table = find('[data-role="table"]');
  // A press of the pointer on the table, until it is released.
  let press = null;

  function draw() {
    press = null;
    const labels = model.get("labels") || {};
    table.innerHTML = model.get("svg");
    table.classList.remove("pcf-dragging");
    delete table.dataset.dragging;
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
    if (button !== null && root.contains(button)) {
      model.send({ kind: button.getAttribute("data-action") });
    }
  }

  // The pile under the pointer: a pile of the picture, or a column, below its last
  // card too.
  function pileAt(x, y) {
    const where = el.getRootNode();
    const hit = (where.elementFromPoint ? where : document).elementFromPoint(x, y);
    const pile = hit !== null && table.contains(hit) ? hit.closest("[data-pile]") : null;
    if (pile !== null) {
      return pile;
    }
    const bottom = table.getBoundingClientRect().bottom;
    for (const group of table.querySelectorAll("[data-pile]")) {
      const box = group.getBoundingClientRect();
      if (/^\d+$/.test(group.dataset.pile) && x >= box.left && x <= box.right) {
        if (y >= box.top && y <= bottom) {
          return group;
        }
      }
    }
    return null;
  }

  // Outline the pile the cards would be dropped on.
  function mark(pile) {
    const svg = table.querySelector("svg");
    let outline = svg.querySelector(".pcf-drop");
    if (pile === null) {
      if (outline !== null) {
        outline.remove();
      }
      return;
    }
    if (outline === null) {
      outline = document.createElementNS(SVG, "rect");
      outline.setAttribute("class", "pcf-drop");
      outline.setAttribute("rx", "6");
      svg.appendChild(outline);
    }
    const box = pile.getBBox();
    outline.setAttribute("x", String(box.x - 3));
    outline.setAttribute("y", String(box.y - 3));
    outline.setAttribute("width", String(box.width + 6));
    outline.setAttribute("height", String(box.height + 6));
  }

  function startDrag() {
    const svg = table.querySelector("svg");
    const pile = press.card.closest("[data-pile]");
    let cards = [press.card];
    if (pile !== null && /^\d+$/.test(pile.dataset.pile)) {
      // In a column the card takes the cards lying on it; Python checks the run.
      const all = Array.from(pile.querySelectorAll("[data-card]"));
      cards = all.slice(all.indexOf(press.card));
    }
    for (const card of cards) {
      card.classList.add("pcf-lifted");
      svg.appendChild(card); // drawn above every pile while it moves
    }
    press.cards = cards;
    press.scale = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
    table.classList.add("pcf-dragging");
    table.dataset.dragging = press.card.dataset.card;
  }

  function pointerDown(event) {
    if (event.button !== 0 || press !== null) {
      return;
    }
    press = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      card: event.target.closest("[data-card]"),
      pile: event.target.closest("[data-pile]"),
      cards: null,
      target: null,
    };
    table.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  function pointerMove(event) {
    if (press === null || event.pointerId !== press.id) {
      return;
    }
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (press.cards === null) {
      if (press.card === null || Math.hypot(dx, dy) < THRESHOLD) {
        return;
      }
      startDrag();
    }
    const shift = "translate(" + dx * press.scale + " " + dy * press.scale + ")";
    for (const card of press.cards) {
      card.setAttribute("transform", shift);
    }
    press.target = pileAt(event.clientX, event.clientY);
    mark(press.target);
  }

  function pointerUp(event) {
    if (press === null || event.pointerId !== press.id) {
      return;
    }
    const { card, pile, cards, target } = press;
    if (cards !== null) {
      draw(); // the cards go back until Python sends the table after the move
      model.send({
        kind: "drop",
        source: card.dataset.card,
        target: target !== null ? target.dataset.pile : "",
      });
    } else if (card !== null) {
      press = null;
      model.send({ kind: "tap", where: card.dataset.card });
    } else if (pile !== null && pile.dataset.pile === "stock") {
      press = null;
      model.send({ kind: "tap", where: "stock" });
    } else {
      press = null;
    }
  }

  function pointerCancel(event) {
    if (press !== null && event.pointerId === press.id) {
      draw();
    }
  }

  root.addEventListener("click", click);
  table.addEventListener("pointerdown", pointerDown);
  table.addEventListener("pointermove", pointerMove);
  table.addEventListener("pointerup", pointerUp);
  table.addEventListener("pointercancel", pointerCancel);
  for (const name of SHOWN) {
    model.on("change:" + name, draw);
  }
  draw();
  return () => {
    root.removeEventListener("click", click);
    table.removeEventListener("pointerdown", pointerDown);
    table.removeEventListener("pointermove", pointerMove);
    table.removeEventListener("pointerup", pointerUp);
    table.removeEventListener("pointercancel", pointerCancel);
    for (const name of SHOWN) {
      model.off("change:" + name, draw);
    }
  };
}

export default { render };
