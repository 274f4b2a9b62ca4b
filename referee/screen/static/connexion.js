// Cosmic ConneXion for the table's screen: the diamond of Greek letters (an SVG on the
// rulebook's grid of half-card columns, CX-1), the last word's path on it, and each
// player's celestial cards beside it. Everything is written as text nodes: a name or a
// word from the game never becomes markup.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const W = 130, H = 74, GAP = 6;  // a card and the space between cards, in the drawing's units
  const PAD = 20;                    // room for the step badges above the top row
  const STATUS = {voting: "put to a vote", struck: "struck by the table", refused: "refused"};
  const HALF = (W + GAP) / 2;        // one half-card column

  function svg(tag, attributes, text) {
    const node = document.createElementNS(SVG, tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function short(name, most) {
    return name && name.length > most ? name.slice(0, most - 1) + "…" : (name || "");
  }

  function corner(cell) {
    return {x: cell.column * HALF + GAP / 2, y: PAD + cell.row * (H + GAP)};
  }

  // Which steps of the last word visit each position: {position: [1, 3, ...]}
  function stepsOf(last) {
    const steps = {};
    ((last && last.path) || []).forEach(function (visit) { (steps[visit.position] = steps[visit.position] || []).push(visit.step); });
    return steps;
  }

  function card(cell, board, steps) {
    const at = corner(cell);
    const group = svg("g", {"class": "cx-card", "data-position": cell.position,
                            "transform": "translate(" + at.x + "," + at.y + ")"});
    const placed = cell.letter !== null;
    const next = board.next && board.next.position === cell.position;
    const onPath = Boolean(steps[cell.position]);
    group.classList.add(placed ? (cell.letter === "sun" ? "cx-sun" : "cx-placed") : "cx-empty");
    if (next) group.classList.add("cx-next");
    if (onPath) group.classList.add("cx-path");
    group.appendChild(svg("rect", {"class": "cx-face", x: 0, y: 0, width: W, height: H, rx: 9}));
    group.appendChild(svg("text", {"class": "cx-number", x: 8, y: 21}, String(cell.position)));
    if (placed) {
      if (cell.by) group.appendChild(svg("text", {"class": "cx-by", x: W - 7, y: 18}, short(cell.by, 8)));
      group.appendChild(svg("text", {"class": "cx-glyphs", x: W / 2, y: 46}, cell.upper + cell.lower));
      group.appendChild(svg("text", {"class": "cx-name", x: W / 2, y: 68.5}, cell.name));
    } else if (next) {
      group.appendChild(svg("text", {"class": "cx-next-label", x: W / 2, y: 46}, "next"));
      group.appendChild(svg("text", {"class": "cx-name", x: W / 2, y: 67}, short(board.next.by, 12)));
    } else if (cell.position === 25) {
      group.appendChild(svg("text", {"class": "cx-hole", x: W / 2, y: 52}, "☉"));
    }
    return group;
  }

  function badge(cell, steps) {
    const at = corner(cell);
    const text = steps.join(",");
    const width = Math.max(30, 14 + 11 * text.length);
    const group = svg("g", {"class": "cx-badge", "data-steps": text,
                            "transform": "translate(" + (at.x + W / 2) + "," + at.y + ")"});
    // above the card's top edge, in the gap between the two cards over it: clear of its own text
    group.appendChild(svg("rect", {x: -width / 2, y: -19, width: width, height: 26, rx: 13}));
    group.appendChild(svg("text", {x: 0, y: 1}, text));
    return group;
  }

  function diamond(board) {
    const steps = stepsOf(board.last);
    const width = 5 * (W + GAP), height = PAD + 9 * (H + GAP);
    const drawing = svg("svg", {"class": "cx-diamond", viewBox: "0 0 " + width + " " + height,
                                role: "img", "aria-label": "the diamond of Greek letters"});
    const byPosition = {};
    board.positions.forEach(function (cell) { byPosition[cell.position] = cell; });
    board.positions.forEach(function (cell) { drawing.appendChild(card(cell, board, steps)); });
    Object.keys(steps).forEach(function (position) {
      drawing.appendChild(badge(byPosition[position], steps[position]));
    });
    return drawing;
  }

  function lastWord(last, el) {
    const box = el("section");
    box.className = "cx-last";
    box.appendChild(el("h3", "Last word"));
    if (!last) { box.appendChild(el("p", "No word claimed yet.")); return box; }
    const word = el("p", last.word);
    word.className = "cx-word cx-" + last.status;
    box.appendChild(word);
    const said = [last.player, STATUS[last.status] || last.status];
    if (last.card) said.push((last.pilfered_from ? "took " + last.card + " from " + last.pilfered_from : "drew " + last.card));
    box.appendChild(el("p", said.join(" · ")));
    const route = el("ol");
    route.className = "cx-steps";
    last.path.forEach(function (visit) {
      const item = el("li");
      const step = el("span", String(visit.step));
      step.className = "cx-step";
      item.appendChild(step);
      item.appendChild(el("b", visit.reading));
      item.appendChild(el("span", "#" + visit.position));
      route.appendChild(item);
    });
    box.appendChild(route);
    return box;
  }

  function players(board, el) {
    const list = el("ul");
    list.className = "cx-players";
    board.players.forEach(function (player) {
      const item = el("li");
      const won = (board.winners || []).indexOf(player.name) >= 0;
      item.className = "cx-player" + (player.turn ? " cx-turn" : "") + (won ? " cx-won" : "");
      item.setAttribute("data-player", player.name);
      const head = el("p");
      head.className = "cx-head";
      const name = el("span", (player.turn ? "▶ " : won ? "★ " : "") + player.name);
      name.className = "cx-name-of";
      head.appendChild(name);
      const total = el("span", player.total + " pts");
      total.className = "cx-total";
      head.appendChild(total);
      item.appendChild(head);
      const held = el("ul");
      held.className = "cx-cards";
      if (player.letters !== undefined && board.phase !== "over") {  // a digital hand: how many, never which
        const letters = el("li", player.letters + (player.letters === 1 ? " letter" : " letters") + " in hand ·");
        letters.className = "cx-letters";
        held.appendChild(letters);
      }
      if (!player.cards.length) held.appendChild(el("li", "no cards yet"));
      player.cards.forEach(function (c) {
        const chip = el("li", (c.sun ? "☉ " : "") + c.name + " " + c.value);
        chip.className = "cx-chip" + (c.sun ? " cx-sun-card" : "");
        held.appendChild(chip);
      });
      item.appendChild(held);
      list.appendChild(item);
    });
    return list;
  }

  function side(board, el) {
    const panel = el("div");
    panel.className = "cx-side";
    if (board.vote) {
      const vote = el("p", "Vote: " + board.vote);
      vote.className = "cx-vote";
      panel.appendChild(vote);
    }
    if (board.bonus) {
      const bonus = el("p", "☉ " + board.bonus.player + ": “" + board.bonus.sentence + "” · " + board.bonus.status
                       + (board.bonus.status === "grammatical" ? " +" + board.bonus.points : ""));
      bonus.className = "cx-bonus";
      panel.appendChild(bonus);
    }
    panel.appendChild(lastWord(board.last, el));
    panel.appendChild(players(board, el));
    const pile = el("p", "Draw pile: " + board.pile + (board.pile === 1 ? " card" : " cards")
                    + (board.mode === "digital" ? " (face down)" : ""));
    pile.className = "cx-pile";
    panel.appendChild(pile);
    return panel;
  }

  window.REFEREE_PICTURES = window.REFEREE_PICTURES || {};
  window.REFEREE_PICTURES.connexion = function (board, box, el) {
    const table = el("div");
    table.className = "cx";
    const left = el("div");
    left.className = "cx-board";
    left.appendChild(diamond(board));
    table.appendChild(left);
    table.appendChild(side(board, el));
    box.appendChild(table);
  };
}());
