// Steps through the pictures of a replay page; every picture and caption is in the
// page's JSON, so the page needs no server and no network.
(function (root) {
  "use strict";
  var data = JSON.parse(root.querySelector('script[data-role="data"]').textContent);
  var steps = data.steps;
  var last = steps.length - 1;
  var at = 0;
  var timer = null;
  function find(role) {
    return root.querySelector('[data-role="' + role + '"]');
  }
  function button(action) {
    return root.querySelector('[data-action="' + action + '"]');
  }
  var table = find("table");
  var play = button("play");

  function pause() {
    if (timer !== null) {
      clearInterval(timer);
      timer = null;
    }
    play.setAttribute("aria-pressed", "false");
    play.title = play.getAttribute("aria-label");
  }

  function show(k) {
    at = Math.max(0, Math.min(last, k));
    var step = steps[at];
    table.innerHTML = step.svg;
    find("step").textContent = at + " / " + last;
    find("score").textContent = String(step.score);
    find("move").textContent = step.move ? at + ". " + step.move : "";
    find("caption").textContent = step.caption;
    button("first").disabled = button("prev").disabled = at === 0;
    button("next").disabled = button("last").disabled = at === last;
    // A button that has just been disabled drops the focus; the replay keeps it.
    var focused = document.activeElement;
    if (focused !== null && focused.disabled && root.contains(focused)) {
      root.focus({ preventScroll: true });
    }
    if (at === last) {
      pause();
    }
  }

  function start() {
    if (at === last) {
      show(0);
    }
    play.setAttribute("aria-pressed", "true");
    play.title = data.pause;
    timer = setInterval(function () {
      show(at + 1);
    }, data.delay);
  }

  var actions = {
    first: function () { show(0); },
    prev: function () { show(at - 1); },
    next: function () { show(at + 1); },
    last: function () { show(last); },
    play: function () {
      if (timer === null) {
        start();
      } else {
        pause();
      }
    }
  };

  root.addEventListener("click", function (event) {
    var target = event.target.closest("[data-action]");
    if (target === null || !root.contains(target)) {
      return;
    }
    var action = target.getAttribute("data-action");
    if (action !== "play") {
      pause();
    }
    actions[action]();
  });

  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey || !keys[event.key]) {
      return;
    }
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) {
      return;
    }
    // With several replays in one document, the keys go to the one that has the focus.
    var many = document.querySelectorAll("[data-pcf-replay]").length > 1;
    if (many && !root.contains(document.activeElement)) {
      return;
    }
    event.preventDefault();
    pause();
    actions[keys[event.key]]();
  });

  show(0);
})(document.currentScript.closest("[data-pcf-replay]"));
