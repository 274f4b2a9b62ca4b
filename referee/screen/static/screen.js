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

  function publicView(view) {
    if (!view.game) { show("problem", view.problem); return; }
    show("title", view.game + " · " + view.id + (view.over ? " · game over" : ""));
    document.title = view.game + " · " + view.id;
    show("status", view.over ? "" : view.status);
    show("picture", view.picture);
    scores(view.scores);
    document.getElementById("summary").hidden = !view.over;
    show("final", view.summary);
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
    show("owner", "Only for " + view.player);
    show("secret", view.private || "Nothing of yours is hidden right now.");
  }

  const draw = kind === "seat" ? seatView : publicView;
  const events = new EventSource(base + "/events");
  events.onmessage = function (message) { draw(JSON.parse(message.data)); };
}());
