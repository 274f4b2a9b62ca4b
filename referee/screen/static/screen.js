// The second screen: draws what the server sends, as text only (never as HTML).
"use strict";

(function () {
  const kind = document.body.dataset.kind;
  const base = kind === "seat" ? location.pathname.replace(/\/+$/, "") : "";

  function el(tag, text) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function show(id, text) {
    document.getElementById(id).textContent = text || "";
  }

  function scores(table) {
    const box = document.getElementById("scores");
    box.replaceChildren();
    if (!table || !table.rows || !table.rows.length) return;
    const grid = el("table");
    const head = el("tr");
    table.headers.forEach(function (h) { head.appendChild(el("th", h)); });
    grid.appendChild(head);
    table.rows.forEach(function (row) {
      const line = el("tr");
      row.forEach(function (cell) { line.appendChild(el("td", cell)); });
      grid.appendChild(line);
    });
    box.appendChild(grid);
  }

  let deadline = null;  // when the turn clock reaches zero, by this browser's clock

  function tick() {
    const box = document.getElementById("clock");
    if (deadline === null) { box.textContent = ""; return; }
    const left = Math.round((deadline - Date.now()) / 1000);
    if (left < 0) { box.textContent = "TIME UP"; box.className = "over"; return; }
    box.className = "";
    box.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
  }
  setInterval(tick, 250);

  function publicView(view) {
    if (!view.game) { show("problem", view.problem); return; }
    show("title", view.game + " · " + view.id + (view.over ? " · game over" : ""));
    document.title = view.game + " · " + view.id;
    show("status", view.over ? "Game over" : view.status);
    deadline = typeof view.clock === "number" ? Date.now() + view.clock * 1000 : null;
    tick();
    show("picture", view.picture);
    const drawing = view.board && (window.REFEREE_PICTURES || {})[view.board.kind];
    const drawn = document.getElementById("drawn");
    drawn.hidden = !drawing;
    document.getElementById("picture").hidden = Boolean(drawing);
    if (drawing) {
      drawn.replaceChildren();
      try {
        drawing(view.board, drawn, el);
      } catch (error) {  // a drawing that fails: the text picture instead
        drawn.hidden = true;
        document.getElementById("picture").hidden = false;
      }
    }
    scores(view.scores);
    document.getElementById("summary").hidden = !view.over;
    show("final", view.summary);
    show("chart", view.chart);
    const list = document.getElementById("last");
    list.replaceChildren();
    view.last.forEach(function (move) {
      list.appendChild(el("li", "#" + move.number + " " + (move.who ? move.who + ": " : "") + move.what));
    });
    show("problem", view.problem);
  }

  function seatView(view) {
    document.getElementById("private").hidden = false;
    document.getElementById("board").hidden = true;
    document.getElementById("moves").hidden = true;
    show("title", view.player + "'s screen");
    show("owner", "Only for " + view.player + ": keep this screen to yourself");
    show("secret", view.private || "Nothing of yours is hidden right now.");
    const told = document.getElementById("told");
    told.replaceChildren();
    (view.told || []).slice().reverse().forEach(function (text) { told.appendChild(el("li", text)); });
    document.getElementById("told-title").hidden = !(view.told || []).length;
  }

  if (kind === "seat") {
    document.getElementById("ask-hint").addEventListener("click", function () {
      show("hint", "…");
      fetch(base + "/hint.json", {cache: "no-store"})
        .then(function (answer) { return answer.json(); })
        .then(function (view) { show("hint", view.hint || "No hint now."); })
        .catch(function () { show("hint", "The screen cannot be reached."); });
    });
  }

  const draw = kind === "seat" ? seatView : publicView;
  const events = new EventSource(base + "/events");
  events.onmessage = function (message) { draw(JSON.parse(message.data)); };
}());
