// Cosmic Colors' public picture (referee/games/colors/picture.py) drawn for a TV or a
// phone: the 5×5 play area's top cards with their stack heights, the last play's cells,
// the draw pile, every hand face up (public, Setup 3) and whose turn it is. Text only
// (textContent) and SVG: every card is its colour AND its shape drawn AND its code
// (Rs: red star), so nothing is told by colour alone. Jr's drawing (colors_jr.js) draws
// its cards with the same hand (window.REFEREE_COSMIC_COLORS).
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  // The colours a table is likely to call its five (CC-1); others by their position.
  const PAINT = {red: "#d83b3b", orange: "#ef8a22", yellow: "#f1cf2f", green: "#2f9e4f", blue: "#3476d8",
    purple: "#8c4bd4", violet: "#8c4bd4", magenta: "#c23fb5", pink: "#ee7fc0", cyan: "#2bbcc9",
    white: "#e8e8e8", black: "#444", grey: "#8a8a8a", gray: "#8a8a8a", brown: "#8b5a2b", teal: "#1f8f8a",
    indigo: "#4b3fb0", gold: "#d4a82a", silver: "#b8bcc4"};
  const BY_POSITION = ["#d83b3b", "#ef8a22", "#f1cf2f", "#2f9e4f", "#3476d8"];
  const LIGHT = {yellow: true, orange: true, white: true, gold: true, silver: true, pink: true, cyan: true};

  function part(el, tag, cls, text) {
    const node = el(tag, text);
    node.className = cls;
    return node;
  }

  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Points of a star of `count` tips around (cx, cy).
  function star(count, outer, inner, cx, cy) {
    const points = [];
    for (let i = 0; i < count * 2; i += 1) {
      const r = i % 2 ? inner : outer;
      const a = Math.PI * i / count - Math.PI / 2;
      points.push((cx + r * Math.cos(a)).toFixed(1) + "," + (cy + r * Math.sin(a)).toFixed(1));
    }
    return points.join(" ");
  }

  // The shape at each position (star, moon, planet, comet, galaxy), whatever the table calls it.
  const SHAPES = [
    function (g) { g.appendChild(svg("polygon", {points: star(5, 30, 13, 50, 56)})); },
    function (g) { g.appendChild(svg("path", {d: "M62,29 A27,27 0 1,0 62,81 A30,30 0 0,1 62,29 Z"})); },
    function (g) {
      g.appendChild(svg("circle", {cx: 50, cy: 56, r: 17}));
      g.appendChild(svg("ellipse", {cx: 50, cy: 56, rx: 33, ry: 9, transform: "rotate(-20 50 56)",
        "class": "co-ring"}));
    },
    function (g) {
      g.appendChild(svg("path", {d: "M56,39 L18,84 L70,55 Z"}));
      g.appendChild(svg("circle", {cx: 64, cy: 46, r: 14}));
    },
    function (g) { g.appendChild(svg("polygon", {points: star(12, 30, 17, 50, 56)})); },
  ];

  function paint(card) {
    return PAINT[card.colour] || BY_POSITION[card.colour_index] || "#777";
  }

  // One card as an SVG square: its colour behind its shape, its code in the corner; a wild
  // is dark with a six-spoked ✱ in every colour. `height` (a stack's, a Jr pile's) is
  // shown as ×N once it is 2 or more.
  function card(el, shown, height, cls) {
    const box = svg("svg", {viewBox: "0 0 100 100", "class": "co-card" + (cls ? " " + cls : ""), role: "img"});
    box.appendChild(svg("title", {}, shown.name + (height ? ", stack of " + height : "")));
    const light = !shown.wild && LIGHT[shown.colour];
    box.appendChild(svg("rect", {x: 3, y: 3, width: 94, height: 94, rx: 11,
      "class": "co-face" + (shown.wild ? " co-wild-face" : "") + (light ? " co-light" : "")}));
    const face = box.lastChild;
    if (!shown.wild) face.style.fill = paint(shown);
    const g = svg("g", {"class": "co-shape"});
    if (shown.wild) {
      BY_POSITION.concat(["#ffffff"]).forEach(function (colour, i) {
        const a = Math.PI * i / 3;
        const spoke = svg("line", {x1: 50, y1: 56, x2: (50 + 30 * Math.cos(a)).toFixed(1),
          y2: (56 + 30 * Math.sin(a)).toFixed(1), "class": "co-spoke"});
        spoke.style.stroke = colour;
        g.appendChild(spoke);
      });
    } else if (shown.unknown) {  // held, not entered by the table: no colour, no shape to draw
      g.appendChild(svg("text", {x: 50, y: 74, "class": "co-unknown"}, "?"));
    } else {
      SHAPES[shown.shape_index](g);
    }
    box.appendChild(g);
    box.appendChild(svg("text", {x: 9, y: 24, "class": "co-code" + (light ? " co-dark" : "")}, shown.code));
    if (height > 1) {  // a single card is the common case: only a stack says how high it is
      box.appendChild(svg("rect", {x: 62, y: 70, width: 34, height: 27, rx: 8, "class": "co-badge"}));
      box.appendChild(svg("text", {x: 79, y: 91, "class": "co-height"}, "×" + height));
    }
    return box;
  }

  function board(el, picture) {
    const last = picture.last ? picture.last.cells : [];
    const scored = picture.last ? picture.last.scored : [];
    const area = part(el, "div", "co-area");
    area.appendChild(part(el, "span", "co-label"));
    picture.columns.split("").forEach(function (c) { area.appendChild(part(el, "span", "co-label", c)); });
    picture.cells.forEach(function (cell) {
      if (cell.column === 0) area.appendChild(part(el, "span", "co-label", String(cell.row + 1)));
      const played = last.indexOf(cell.cell) >= 0;
      const counted = scored.indexOf(cell.cell) >= 0;
      const spot = part(el, "div", "co-cell" + (played ? " co-played" : "") + (counted ? " co-scored" : "")
        + (cell.card ? "" : " co-empty"));
      spot.dataset.cell = cell.cell;
      if (cell.card) spot.appendChild(card(el, cell.card, cell.height));
      else spot.appendChild(part(el, "span", "co-hole", cell.cell));
      if (played) spot.appendChild(part(el, "span", "co-played-mark", "▲"));
      if (counted) spot.appendChild(part(el, "span", "co-scored-mark", "+"));
      area.appendChild(spot);
    });
    return area;
  }

  function lastPlay(el, last) {
    if (!last) return null;
    const text = last.cells.length
      ? "Last: " + last.player + " played " + last.value + " on " + last.cells.join(" ")
      : "Last: " + last.player + " passed";
    const line = part(el, "p", "co-last");
    line.appendChild(part(el, "span", "co-played-key", "▲"));
    line.appendChild(document.createTextNode(" " + text));
    if (last.scored.length) {
      line.appendChild(document.createTextNode("; "));
      line.appendChild(part(el, "span", "co-scored-key", "+"));
      line.appendChild(document.createTextNode(" connected " + last.scored.join(" ")));
    }
    return line;
  }

  function pile(el, picture) {
    const box = part(el, "div", "co-pile");
    box.appendChild(part(el, "b", "co-count", String(picture.pile)));
    box.appendChild(part(el, "span", "co-small", "in the draw pile"));
    if (picture.removed) box.appendChild(part(el, "span", "co-small", picture.removed + " put away (Short Game)"));
    return box;
  }

  function scores(el, list) {
    if (!list) return part(el, "p", "co-small co-secret", "team totals: secret (CC-4)");
    const box = part(el, "div", "co-scores");
    list.forEach(function (team) {
      box.appendChild(part(el, "span", "co-score", team.side + " " + team.points));
    });
    return box;
  }

  function seat(el, who, picture) {
    const won = picture.winners.indexOf(who.name) >= 0;
    const tile = part(el, "div", "co-seat co-team" + who.team + (who.acts ? " co-acts" : "") + (won ? " co-won" : ""));
    const head = part(el, "div", "co-seat-head");
    head.appendChild(part(el, "span", "co-seat-name", (who.acts ? "▶ " : "") + who.name));
    head.appendChild(part(el, "span", "co-side", who.side));
    const count = who.hand === null ? "hand not entered yet"
      : who.hand.length + (who.hand.length === 1 ? " card" : " cards");
    head.appendChild(part(el, "span", "co-small co-hand-count", count));
    if (won) head.appendChild(part(el, "span", "co-seat-turn", "★ wins"));
    tile.appendChild(head);
    const hand = part(el, "div", "co-hand");
    (who.hand || []).forEach(function (shown) { hand.appendChild(card(el, shown, 0, "co-mini")); });
    tile.appendChild(hand);
    return tile;
  }

  window.REFEREE_COSMIC_COLORS = {card: card, part: part};
  window.REFEREE_PICTURES = window.REFEREE_PICTURES || {};
  window.REFEREE_PICTURES.colors = function (picture, box, el) {
    const root = part(el, "div", "co");
    const left = part(el, "div", "co-board");
    left.appendChild(board(el, picture));
    const last = lastPlay(el, picture.last);
    if (last) left.appendChild(last);
    root.appendChild(left);
    const side = part(el, "div", "co-side-panel");
    side.appendChild(part(el, "p", "co-status" + (picture.phase === "over" ? " co-over" : ""), picture.status));
    const facts = part(el, "div", "co-facts");
    facts.appendChild(pile(el, picture));
    facts.appendChild(scores(el, picture.scores));
    side.appendChild(facts);
    const seats = part(el, "div", "co-seats");
    picture.players.forEach(function (who) { seats.appendChild(seat(el, who, picture)); });
    side.appendChild(seats);
    root.appendChild(side);
    box.appendChild(root);
  };
}());
