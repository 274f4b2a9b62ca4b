// Cosmic Colors Jr's public picture (referee/games/colors_jr/picture.py) drawn for a TV or
// a phone: the nine piles' top cards (and, in digital mode, how many cards each holds),
// the piles gone, the last take outlined AND marked ▲, and every player's taken cards
// with their count (the score). The cards are drawn by the team game's hand (colors.js,
// loaded first), so the box looks the same whichever game is on the table.
"use strict";

(function () {
  function part(el, tag, cls, text) {
    const node = el(tag, text);
    node.className = cls;
    return node;
  }

  function piles(el, picture, card) {
    const last = picture.last ? picture.last.cells : [];
    const area = part(el, "div", "co-area co-jr-area");
    area.style.setProperty("--co-size", String(picture.size));
    area.appendChild(part(el, "span", "co-label"));
    picture.columns.split("").forEach(function (c) { area.appendChild(part(el, "span", "co-label", c)); });
    picture.piles.forEach(function (pile) {
      if (pile.column === 0) area.appendChild(part(el, "span", "co-label", String(pile.row + 1)));
      const took = last.indexOf(pile.cell) >= 0;
      const spot = part(el, "div", "co-cell" + (took ? " co-played" : "") + (pile.card ? "" : " co-empty")
        + (pile.gone ? " co-gone" : ""));
      spot.dataset.cell = pile.cell;
      if (pile.card) spot.appendChild(card(el, pile.card, pile.count));
      else spot.appendChild(part(el, "span", "co-hole", pile.cell + (pile.gone ? " gone" : pile.awaited ? " ?" : "")));
      if (took) spot.appendChild(part(el, "span", "co-played-mark", "▲"));
      area.appendChild(spot);
    });
    return area;
  }

  function lastTake(el, last) {
    if (!last) return null;
    const line = part(el, "p", "co-last");
    line.appendChild(part(el, "span", "co-played-key", "▲"));
    line.appendChild(document.createTextNode(" Last: " + last.player + " named " + last.value + " at " + last.cell
      + " and took " + last.took + (last.took === 1 ? " card" : " cards")));
    return line;
  }

  function seat(el, who, picture, card) {
    const won = picture.winners.indexOf(who.name) >= 0;
    const tile = part(el, "div", "co-seat" + (who.acts ? " co-acts" : "") + (won ? " co-won" : ""));
    const head = part(el, "div", "co-seat-head");
    head.appendChild(part(el, "span", "co-seat-name", (who.acts ? "▶ " : "") + who.name));
    const count = part(el, "span", "co-taken");
    count.appendChild(part(el, "b", "co-taken-count", String(who.count)));
    count.appendChild(part(el, "span", "co-small", who.count === 1 ? " card taken" : " cards taken"));
    head.appendChild(count);
    if (won) head.appendChild(part(el, "span", "co-seat-turn", "★ wins"));
    tile.appendChild(head);
    const taken = part(el, "div", "co-hand co-taken-cards");
    who.taken.forEach(function (shown) { taken.appendChild(card(el, shown, 0, "co-mini")); });
    tile.appendChild(taken);
    return tile;
  }

  window.REFEREE_PICTURES = window.REFEREE_PICTURES || {};
  window.REFEREE_PICTURES.colors_jr = function (picture, box, el) {
    const card = window.REFEREE_COSMIC_COLORS.card;
    const root = part(el, "div", "co co-jr");
    const left = part(el, "div", "co-board");
    left.appendChild(piles(el, picture, card));
    const last = lastTake(el, picture.last);
    if (last) left.appendChild(last);
    root.appendChild(left);
    const side = part(el, "div", "co-side-panel");
    side.appendChild(part(el, "p", "co-status" + (picture.phase === "over" ? " co-over" : ""), picture.status));
    const gone = part(el, "div", "co-pile");
    gone.appendChild(part(el, "b", "co-count", picture.gone + "/" + picture.gone_to_end));
    gone.appendChild(part(el, "span", "co-small", picture.last_round ? "piles gone: last round" : "piles gone"));
    side.appendChild(gone);
    const seats = part(el, "div", "co-seats");
    picture.players.forEach(function (who) { seats.appendChild(seat(el, who, picture, card)); });
    side.appendChild(seats);
    root.appendChild(side);
    box.appendChild(root);
  };
}());
