// The Connections Card Game's public picture (referee/games/connections/picture.py) drawn
// for a TV or a phone: every card at its cell, north up, with its four words on the
// sides they lie on and its points, the empty cells a card may go to, the starter card,
// the last play, Quads' quads, Rummy's runs, the open votes, and each seat's score and
// hand size. Text only (textContent): every word from the game stays text. The last play
// says LAST, the starter START and a card before the table VOTE?, so nothing is told by
// colour alone. The layout grows any way (negative cells too): the grid is as big as
// the cells in use, and on a phone it scrolls, centred on the last play.
"use strict";

(function () {
  const THIN = 0.45;  // a row or column of empty cells only: a strip, as on the terminal

  function part(el, tag, cls, text) {
    const node = el(tag, text);
    node.className = cls;
    return node;
  }

  function plural(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }

  // One card as it lies: its cell (or its place in a run) and points on top, then the
  // north word, the west word at the left, the east word at the right, the south word.
  function card(el, face, label) {
    const cls = "cn-card" + (face.last ? " cn-last" : "") + (face.starter ? " cn-starter" : "")
      + (face.voted ? " cn-voted" : "");
    const node = part(el, "div", cls);
    const top = part(el, "div", "cn-top");
    top.appendChild(part(el, "span", "cn-cell", label));
    const tags = [];
    if (face.last) tags.push("LAST");
    if (face.starter) tags.push("START");
    if (face.voted) tags.push("VOTE?");
    top.appendChild(part(el, "span", "cn-tag", tags.join(" ")));
    top.appendChild(part(el, "span", "cn-pts", String(face.points)));
    node.appendChild(top);
    [["cn-n", face.north], ["cn-w", face.west], ["cn-e", face.east], ["cn-s", face.south]].forEach(function (side) {
      const word = part(el, "span", "cn-word " + side[0], side[1]);
      word.title = side[1];  // a word too long for the card ends in "…": the whole of it on hover
      node.appendChild(word);
    });
    return node;
  }

  // The tracks of the grid, west to east (or south to north): a strip for a line of
  // empty cells only, a full card's size (``unit``) where a card lies.
  function tracks(low, high, used, unit) {
    const sizes = [];
    let weight = 0;
    for (let i = low; i <= high; i += 1) {
      const full = used.has(i);
      sizes.push("calc(" + unit + " * " + (full ? 1 : THIN) + ")");
      weight += full ? 1 : THIN;
    }
    return {sizes: sizes, weight: weight};
  }

  // The weight of a layout's columns: a card's column counts 1, a strip of empty cells less.
  function weight(area, over) {
    if (!area.cards.length) return 1;
    const used = new Set(area.cards.map(function (c) { return c.x; }));
    const ring = over ? 0 : 1;
    return tracks(area.bounds.x[0] - ring, area.bounds.x[1] + ring, used, "").weight;
  }

  // One layout as a grid whose cards share ``span`` columns' worth of the screen's width
  // with the other layouts (Quads: every area side by side on a TV).
  function grid(el, area, span, over) {
    const wrap = part(el, "div", "cn-scroll");
    if (!area.cards.length) {
      wrap.appendChild(part(el, "p", "cn-empty", "No card on the table yet."));
      return wrap;
    }
    const ring = over ? 0 : 1;  // the empty cells around, where a card may go, while one may
    const x0 = area.bounds.x[0] - ring, x1 = area.bounds.x[1] + ring;
    const y0 = area.bounds.y[0] - ring, y1 = area.bounds.y[1] + ring;
    const xs = tracks(x0, x1, new Set(area.cards.map(function (c) { return c.x; })), "var(--cell)");
    const ys = tracks(y0, y1, new Set(area.cards.map(function (c) { return c.y; })), "var(--high)");
    const box = part(el, "div", "cn-grid");
    box.style.gridTemplateColumns = xs.sizes.join(" ");
    box.style.gridTemplateRows = ys.sizes.reverse().join(" ");  // north (the highest y) on top
    box.style.setProperty("--cols", String(Math.max(xs.weight, span)));
    box.style.setProperty("--rows", String(ys.weight));
    function place(node, x, y) {
      node.style.gridColumn = String(x - x0 + 1);
      node.style.gridRow = String(y1 - y + 1);
    }
    (over ? [] : area.openings).forEach(function (cell) {
      const node = part(el, "div", "cn-open", "· " + cell[0] + "," + cell[1]);
      place(node, cell[0], cell[1]);
      box.appendChild(node);
    });
    area.cards.forEach(function (face) {
      const node = card(el, face, face.cell);
      place(node, face.x, face.y);
      box.appendChild(node);
    });
    area.quads.forEach(function (corner) {  // a quad: its 2×2 block outlined and named
      const made = area.quad && area.quad[0] === corner[0] && area.quad[1] === corner[1];
      const node = part(el, "div", "cn-quad" + (made ? " cn-quad-new" : ""));
      node.appendChild(part(el, "span", "cn-quad-name", (made ? "new quad " : "quad ") + corner[0] + "," + corner[1]));
      node.style.gridColumn = (corner[0] - x0 + 1) + " / span 2";
      node.style.gridRow = (y1 - corner[1] - 1 + 1) + " / span 2";
      box.appendChild(node);
    });
    wrap.appendChild(box);
    return wrap;
  }

  function area(el, board, layout, span) {
    const box = part(el, "section", "cn-area");
    if (layout.owner !== null) {
      const acts = board.last && board.last.player === layout.owner;
      box.appendChild(part(el, "h3", "cn-area-head" + (acts ? " cn-mine" : ""),
        layout.owner + "'s area: " + plural(layout.quads.length, "quad")));
    }
    box.appendChild(grid(el, layout, span, board.over));
    box.appendChild(part(el, "p", "cn-size",
      plural(layout.size.cards, "card") + ", " + plural(layout.size.connections, "connection")));
    return box;
  }

  function runs(el, player) {
    const box = part(el, "section", "cn-area cn-runs");
    const count = player.runs.length;
    box.appendChild(part(el, "h3", "cn-area-head",
      player.player + ": " + (count ? plural(count, "run") + ", " + plural(player.points, "point") : "no runs yet")));
    player.runs.forEach(function (run) {
      box.appendChild(part(el, "p", "cn-run-head" + (run.last ? " cn-mine" : ""),
        "run " + run.number + " (" + plural(run.cards.length, "card") + ", " + plural(run.points, "point")
        + "), west to east" + (run.last ? " · LAST" : "")));
      // a run just laid is lit as a whole; an extended run lights the card added
      const whole = run.cards.every(function (face) { return face.last; });
      const row = part(el, "div", "cn-row" + (whole ? " cn-lastrun" : ""));
      run.cards.forEach(function (face) {
        row.appendChild(card(el, whole ? Object.assign({}, face, {last: false}) : face, "#" + face.place));
      });
      box.appendChild(row);
    });
    return box;
  }

  function seat(el, who, board) {
    const tile = part(el, "div", "cn-seat" + (who.acts ? " cn-acts" : "") + (who.won ? " cn-won" : ""));
    const head = part(el, "div", "cn-seat-head");
    head.appendChild(part(el, "span", "cn-seat-name", (who.acts ? "▶ " : "") + (who.won ? "★ " : "") + who.name));
    const tags = [];
    if (who.acts) tags.push("to play");
    if (who.owed && !who.acts) tags.push("last turn owed");
    if (who.voting) tags.push("to vote");
    if (who.counting) tags.push("to count hand");
    if (who.won) tags.push("wins");
    if (tags.length) head.appendChild(part(el, "span", "cn-seat-tag", tags.join(" · ")));
    tile.appendChild(head);
    const facts = part(el, "div", "cn-seat-facts");
    if (who.score !== null) {
      const score = part(el, "span", "cn-score");
      score.appendChild(part(el, "b", "cn-score-count", String(who.score)));
      score.appendChild(part(el, "span", "cn-small", who.score === 1 ? " point" : " points"));
      facts.appendChild(score);
    }
    if (who.hand !== null) {
      const hand = part(el, "span", "cn-hand");
      hand.appendChild(part(el, "b", "cn-hand-count", String(who.hand)));
      hand.appendChild(part(el, "span", "cn-small", who.hand === 1 ? " card in hand" : " cards in hand"));
      facts.appendChild(hand);
    }
    tile.appendChild(facts);
    return tile;
  }

  function lastLine(last) {
    let where = "";
    if (last.cell) where = " at " + last.cell[0] + "," + last.cell[1];
    else if (last.run) where = (last.kind === "extend" ? " extended run " : " laid run ") + last.run;
    let text = "Last play: " + last.player + where;
    if (last.pairs.length) text += " · " + last.pairs.join(", ");
    if (last.arithmetic) text += " · " + last.arithmetic;
    if (last.quad) text += " · quad at " + last.quad[0] + "," + last.quad[1];
    return text;
  }

  // Each scrolling grid or run shows its last play (else its middle) in view: a phone
  // sees the latest card first, and scrolls for the rest.
  function centre(root) {
    root.querySelectorAll(".cn-scroll").forEach(function (wrap) {
      const target = wrap.querySelector(".cn-last") || wrap.querySelector(".cn-starter");
      const width = wrap.scrollWidth - wrap.clientWidth;
      wrap.classList.toggle("cn-wider", width > 8);  // the style says "scroll sideways for more"
      if (width <= 8) return;
      wrap.scrollLeft = target ? target.offsetLeft + target.offsetWidth / 2 - wrap.clientWidth / 2 : width / 2;
    });
  }

  window.addEventListener("resize", function () {
    const root = document.querySelector(".cn");
    if (root) centre(root);
  });

  window.REFEREE_PICTURES = window.REFEREE_PICTURES || {};
  window.REFEREE_PICTURES.connections = function (board, box, el) {
    const root = part(el, "div", "cn cn-" + board.variant);
    const head = part(el, "div", "cn-head");
    const rounds = board.rounds && board.rounds > 1 ? " of " + board.rounds : "";
    head.appendChild(part(el, "span", "cn-title", board.title + " · round " + board.round + rounds));
    const piles = board.piles.length > 1 ? "piles " + board.piles.join(" · ") : "pile " + board.piles[0];
    head.appendChild(part(el, "span", "cn-pile", piles + " cards"));
    root.appendChild(head);
    if (board.variant !== "solitaire") {
      const seats = part(el, "div", "cn-seats");
      board.seats.forEach(function (who) { seats.appendChild(seat(el, who, board)); });
      root.appendChild(seats);
    }
    board.votes.forEach(function (vote) {
      const waiting = vote.waiting.length ? "; waiting for " + vote.waiting.join(", ") : "";
      root.appendChild(part(el, "p", "cn-vote",
        "? " + vote.question + " yes " + vote.yes + ", no " + vote.no + waiting));
    });
    if (board.last) root.appendChild(part(el, "p", "cn-lastline", lastLine(board.last)));
    const areas = part(el, "div", "cn-areas");
    // Side by side, the areas share the width: each grid is sized for all their columns
    // (and a gap between areas), and wraps under the others where even that is too small.
    const span = board.layouts.reduce(function (sum, layout) { return sum + weight(layout, board.over) + 0.6; }, -0.6);
    board.layouts.forEach(function (layout) { areas.appendChild(area(el, board, layout, span)); });
    board.runs.forEach(function (player) { areas.appendChild(runs(el, player)); });
    root.appendChild(areas);
    root.appendChild(part(el, "p", "cn-status" + (board.over ? " cn-over" : ""), board.status));
    box.appendChild(root);
    centre(root);
  };
}());
